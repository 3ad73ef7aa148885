import { Mail, MapPin, Phone } from 'lucide'
import { INSTITUTE } from '../../../worker/domain/institute.ts'
import { Icon } from '../components/icons.tsx'
import { Link } from '../components/link.tsx'
import { LanguagePicker } from '../features/i18n/language-picker.tsx'

const telHref = (number: string) => `tel:+55${number.replace(/\D/g, '')}`

export function SiteFooter() {
  const { phones, emails, address } = INSTITUTE
  return (
    <footer className="bg-teal-950 text-teal-50">
      <div className="container-page grid gap-10 py-12 md:grid-cols-[1.2fr_1fr_1fr]">
        <div>
          <img
            src="/img/logo-white.svg"
            alt={INSTITUTE.name}
            width={220}
            height={56}
            loading="lazy"
            className="h-12 w-auto"
          />
          <p className="mt-4 max-w-sm text-sm text-teal-100">{INSTITUTE.fullName}</p>
        </div>

        <section aria-labelledby="rodape-contato">
          <h2 id="rodape-contato" className="font-semibold text-lg text-white">
            Fale com o instituto
          </h2>
          <address className="mt-4 space-y-3 text-sm not-italic">
            {[phones.education, phones.research].map((phone) => (
              <p key={phone.label} className="flex items-start gap-2">
                <Icon drawing={Phone} className="mt-0.5 size-4 shrink-0" />
                <span>
                  {phone.label}:{' '}
                  <a href={telHref(phone.number)} className="footer-link">
                    {phone.number}
                  </a>
                </span>
              </p>
            ))}
            {[emails.education, emails.contact].map((email) => (
              <p key={email} className="flex items-start gap-2">
                <Icon drawing={Mail} className="mt-0.5 size-4 shrink-0" />
                <a href={`mailto:${email}`} className="footer-link break-all">
                  {email}
                </a>
              </p>
            ))}
            <p className="flex items-start gap-2">
              <Icon drawing={MapPin} className="mt-0.5 size-4 shrink-0" />
              <span>
                {address.street}
                <br />
                {address.city} – {address.state}, CEP {address.zip}
              </span>
            </p>
          </address>
        </section>

        <nav aria-labelledby="rodape-links">
          <h2 id="rodape-links" className="font-semibold text-lg text-white">
            Acesso rápido
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/cursos" className="footer-link">
                Todos os cursos
              </Link>
            </li>
            <li>
              <Link to="/ebooks" className="footer-link">
                E-books
              </Link>
            </li>
            <li>
              <Link to="/cursos" hash="nefrologia-intervencionista" className="footer-link">
                Nefrologia intervencionista
              </Link>
            </li>
            <li>
              <Link to="/4a-jornada-multiprofissional" reloadDocument className="footer-link">
                4ª Jornada Multiprofissional
              </Link>
            </li>
            <li>
              <Link to="/politicas-de-privacidade" className="footer-link">
                Políticas de privacidade
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-teal-900 border-t">
        {/* Room at the bottom for the floating contact button (fixed, 3.5rem, bottom right). */}
        <div className="container-page flex flex-wrap items-center justify-between gap-4 pt-4 pb-24">
          <p className="text-teal-100 text-xs">
            © {new Date().getFullYear()} {INSTITUTE.name}. Todos os direitos reservados.
          </p>
          <LanguagePicker />
        </div>
      </div>
    </footer>
  )
}
