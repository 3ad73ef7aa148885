import { CircleCheck, Clock } from 'lucide'
import type { PlanPaymentResult } from '../../../../worker/contract/plans.ts'
import { INSTITUTE } from '../../../../worker/domain/institute.ts'
import { grantsAccess } from '../../../../worker/domain/orders.ts'
import { PLAN_PAYMENT_METHOD_LABELS } from '../../../../worker/domain/payments.ts'
import { Icon } from '../../components/icons.tsx'
import { Link } from '../../components/link.tsx'
import { formatBRL } from '../../lib/money.ts'
import { BoletoPanel } from '../checkout/payment-panels.tsx'
import { boletoPdf } from './my-editais-page.tsx'
import { resultHeading } from './plan-payment.form.ts'
import { Stepper, StepTitle } from './plan-payment-steps.tsx'

// The fee-payment wizard's step 5: paid, or the boleto to pay.

const EMAIL_FAILED = `Seu pagamento foi realizado com sucesso, mas não foi possível enviar o e-mail de confirmação. Entre em contato com o Centro de Ensino pelo e-mail ${INSTITUTE.emails.education}.`

/** Step 5: paid, or the boleto to pay (its link with '?format=pdf', SPEC 9), and the record's state. */
export function Done({ result }: { result: PlanPaymentResult }) {
  const paid = grantsAccess(result.status)
  return (
    <div className="space-y-5">
      <div
        className={`flex items-start gap-3 rounded-2xl p-5 ring-1 ${paid ? 'bg-teal-50 text-teal-950 ring-teal-200' : 'bg-amber-50 text-amber-950 ring-amber-300'}`}
      >
        {paid ? (
          <Icon drawing={CircleCheck} className="mt-0.5 size-6 shrink-0 text-teal-700" />
        ) : (
          <Icon drawing={Clock} className="mt-0.5 size-6 shrink-0 text-amber-700" />
        )}
        <div>
          <p className="font-semibold text-lg" data-testid="plan-result">
            {resultHeading(result)}
          </p>
          <p>
            {paid
              ? `${PLAN_PAYMENT_METHOD_LABELS[result.payment_method]}${result.instalments > 1 ? ` em ${result.instalments}x de ${formatBRL(result.instalment_value)}` : ''}: ${formatBRL(result.amount)}. O recibo foi enviado por e-mail.`
              : result.payment_method === 'boleto'
                ? 'Pague o boleto até o vencimento: o plano aparece como pago em Meus editais depois da compensação.'
                : `O banco ainda está confirmando o pagamento de ${formatBRL(result.amount)} no ${PLAN_PAYMENT_METHOD_LABELS[result.payment_method].toLowerCase()}. Não pague de novo: o plano aparece como pago em Meus editais assim que a confirmação chegar, e você recebe o recibo por e-mail.`}
          </p>
        </div>
      </div>
      {result.error ? (
        <p role="alert" className="rounded-lg bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          {EMAIL_FAILED}
        </p>
      ) : null}
      {!paid && result.payment_method === 'boleto' ? (
        <BoletoPanel
          link={result.ccj_boleto_link ? boletoPdf(result.ccj_boleto_link) : null}
          line={result.ccj_pay_number}
          dueAt={result.boleto_due_at}
          note="A compensação do boleto leva até 3 dias úteis."
        />
      ) : null}
      {result.needs_update ? (
        <div className="rounded-2xl border border-slate-200 p-5">
          <p className="text-slate-900">
            Os dados do pagador são diferentes dos do seu cadastro. Se forem os seus dados atuais, atualize o
            seu cadastro.
          </p>
          <Link to="/usuario/perfil" className="btn btn-outline mt-3">
            Atualizar meu cadastro
          </Link>
        </div>
      ) : null}
      <Link to="/usuario/editais" className="btn btn-primary">
        Voltar para Meus editais
      </Link>
    </div>
  )
}

/** Step 5, whatever Meus editais says of the plan once it is paid. */
export function Finished({ result }: { result: PlanPaymentResult }) {
  return (
    <>
      <Stepper step={5} />
      <section aria-labelledby="etapa-titulo">
        <StepTitle step={5}>Etapa 5 de 5: Concluído</StepTitle>
        <div className="mt-4">
          <Done result={result} />
        </div>
      </section>
    </>
  )
}
