import * as Dialog from '@radix-ui/react-dialog'
import { DialogCloseButton, DialogShell, type OpenedDialogProps } from '../../components/dialog-shell.tsx'
import { Link } from '../../components/link.tsx'
import { ErrorState, LoadingState } from '../../components/page-status.tsx'
import { errorMessage } from '../../lib/toast.ts'
import { CartLines, CartTotals } from './cart-lines.tsx'
import { useStoredCart } from './use-stored-cart.ts'

function PanelBody({ close }: { close: () => void }) {
  const { hash, cart, query } = useStoredCart()

  if (hash !== null && query.isPending) return <LoadingState label="Carregando carrinho..." />
  if (hash !== null && query.isError && !cart) {
    return (
      <ErrorState
        title="Erro ao carregar o carrinho"
        detail={errorMessage(query.error, '') || undefined}
        onRetry={() => void query.refetch()}
      />
    )
  }
  if (!cart || hash === null || cart.data.data.itens.length === 0) {
    return (
      <div className="py-6 text-slate-700">
        <p>Seu carrinho está vazio.</p>
        <Link to="/cursos" className="link mt-3 inline-block" onClick={close}>
          Conheça nossos cursos
        </Link>
      </div>
    )
  }
  const view = cart.data.data
  return (
    <>
      <div className="-mx-1 min-h-0 flex-1 overflow-y-auto px-1">
        <CartLines items={view.itens} compact />
      </div>
      <div className="mt-2 border-slate-200 border-t pt-4">
        <CartTotals view={view} />
        <div className="mt-4 grid gap-2 sm:grid-cols-2">
          <Link to="/carrinho-de-compras" className="btn btn-outline" onClick={close}>
            Ver carrinho
          </Link>
          {/* A document of its own: only the checkout's policy lets the page reach the card gateway. */}
          <Link
            to="/checkout/$hash"
            params={{ hash }}
            reloadDocument
            className="btn btn-primary"
            onClick={close}
          >
            Finalizar compra
          </Link>
        </div>
      </div>
    </>
  )
}

/** The header's cart: items, totals, 'Ver carrinho' and 'Finalizar compra'. */
export default function CartPanel({ returnFocusTo, ...dialog }: OpenedDialogProps) {
  return (
    <DialogShell
      {...dialog}
      overlayClassName="fixed inset-0 z-[1060] bg-slate-900/50"
      aria-describedby={undefined}
      onClosed={() => {
        const opener = returnFocusTo.current
        if (opener?.isConnected) opener.focus()
      }}
      className="fixed inset-y-0 right-0 z-[1061] flex w-full max-w-md flex-col bg-white p-5 shadow-xl focus:outline-none"
    >
      <div className="mb-2 flex items-center justify-between gap-4">
        <Dialog.Title className="font-extrabold text-2xl text-slate-900">Carrinho</Dialog.Title>
        <DialogCloseButton className="icon-btn" />
      </div>
      <PanelBody close={() => dialog.onOpenChange(false)} />
    </DialogShell>
  )
}
