import { INSTITUTE } from '../../../../worker/contract/institute.ts'

/**
 * The slot of the 'Fale com a gente' form (SPEC section 2), which a later issue builds: until
 * then it points to the institute's e-mail and phones, so the page still answers its purpose.
 */
export function ContactFormSlot() {
  const { emails, phones } = INSTITUTE
  return (
    <section
      id="fale-com-a-gente"
      aria-labelledby="fale-com-a-gente-titulo"
      data-slot="contact-form"
      className="mt-12 max-w-3xl rounded-2xl border border-teal-200 bg-teal-50 p-6"
    >
      <h2 id="fale-com-a-gente-titulo" className="font-bold text-2xl text-slate-900">
        Fale com a gente
      </h2>
      <p className="mt-2 text-slate-700">
        Escreva para{' '}
        <a href={`mailto:${emails.contact}`} className="link break-all">
          {emails.contact}
        </a>{' '}
        ou ligue para o {phones.education.label}, {phones.education.number}. Respondemos em até um dia útil.
      </p>
    </section>
  )
}
