import { INSTITUTE } from '../../../worker/domain/institute.ts'
import { notFoundMessage } from '../lib/load.ts'
import { Link } from './link.tsx'

type NotFoundProps = {
  message?: string | undefined
  /** A route's `notFoundComponent` receives the data of the `notFound()` that was thrown. */
  data?: unknown
}

/**
 * The not-found page: an unknown path, or a page whose item the API does not know, shown with
 * the API's own message ('Curso não encontrado.') as its heading, titled and marked `noindex`
 * (React puts the two tags in <head>).
 */
export function NotFound({ message, data }: NotFoundProps = {}) {
  const heading = message ?? notFoundMessage(data) ?? 'Página não encontrada'
  return (
    <div className="container-page py-16 text-center">
      <title>{`Página não encontrada | ${INSTITUTE.name}`}</title>
      <meta name="robots" content="noindex" />
      <p className="font-bold text-6xl text-teal-700">404</p>
      <h1 className="mt-4 font-extrabold text-3xl text-slate-900">{heading}</h1>
      <p className="mt-3 text-slate-700">O endereço que você procurou não existe ou foi movido.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  )
}
