import { Link } from '@tanstack/react-router'
import { INSTITUTE } from '../../../worker/contract/institute.ts'

export function NotFound() {
  return (
    <div className="container-page py-16 text-center">
      <title>{`Página não encontrada | ${INSTITUTE.name}`}</title>
      <p className="font-bold text-6xl text-teal-700">404</p>
      <h1 className="mt-4 font-extrabold text-3xl text-slate-900">Página não encontrada</h1>
      <p className="mt-3 text-slate-700">O endereço que você procurou não existe ou foi movido.</p>
      <Link to="/" className="btn btn-primary mt-8">
        Voltar para a página inicial
      </Link>
    </div>
  )
}
