import type { UseFormReturn } from 'react-hook-form'
import { CompanyFields } from '../checkout/company-fields.tsx'
import { ForeignBuyerFields } from '../checkout/foreign-buyer-fields.tsx'
import type { PlanFormInput, PlanFormValues } from './plan-payment.form.ts'

/**
 * Who the fee's nota fiscal (NFS-e) is issued to (issue 43): the checkout's 'Comprar como empresa'
 * and 'Moro fora do Brasil', as they are there. Unticked, the note goes to the payer's CPF.
 */
export function PlanTakerFields({ form }: { form: UseFormReturn<PlanFormInput, unknown, PlanFormValues> }) {
  return (
    <section aria-labelledby="nota-fiscal-titulo" className="space-y-4">
      <h3 id="nota-fiscal-titulo" className="font-bold text-lg text-slate-900">
        Nota fiscal
      </h3>
      <CompanyFields form={form} />
      <ForeignBuyerFields form={form} />
    </section>
  )
}
