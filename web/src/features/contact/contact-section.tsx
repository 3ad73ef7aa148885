import { INSTITUTE } from '../../../../worker/domain/institute.ts'
import { CONTACT_COPY } from './contact.copy.ts'
import { ContactForm } from './contact-form.tsx'

/** The 'Fale com a gente' form on /contato (SPEC section 2), with the other ways to reach the institute. */
export function ContactSection() {
  const { emails, phones } = INSTITUTE
  return (
    <section
      id="fale-com-a-gente"
      aria-labelledby="fale-com-a-gente-titulo"
      className="mt-12 max-w-3xl rounded-2xl border border-teal-200 bg-teal-50 p-6 md:p-8"
    >
      <h2 id="fale-com-a-gente-titulo" className="font-bold text-2xl text-slate-900">
        {CONTACT_COPY.heading}
      </h2>
      <p className="mt-2 mb-6 text-slate-700">
        {CONTACT_COPY.intro} Se preferir, escreva para{' '}
        <a href={`mailto:${emails.contact}`} className="link break-all">
          {emails.contact}
        </a>{' '}
        ou ligue para o {phones.education.label}, {phones.education.number}.
      </p>
      <ContactForm target="contato" />
    </section>
  )
}
