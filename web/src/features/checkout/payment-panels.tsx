import { useQuery } from '@tanstack/react-query'
import { Copy, ExternalLink, QrCode } from 'lucide'
import { type FocusEvent, useEffect, useId, useState } from 'react'
import { Icon } from '../../components/icons.tsx'
import { copyText } from '../../lib/clipboard.ts'
import { curitibaFormat } from '../../lib/date.ts'
import { INPUT_CLASS } from '../../lib/form-field.tsx'
import { showToast } from '../../lib/toast.ts'

const dueDate = curitibaFormat({ dateStyle: 'short' })

/** Remaining time as 'mm:ss' (minutes may pass 59: a PIX usually lasts 30 minutes to a day). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000))
  const minutes = Math.floor(total / 60)
  const seconds = total % 60
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}

/** Milliseconds left until `iso`, ticking every second until it reaches zero. */
function useRemaining(iso: string | null): number | null {
  const deadline = iso ? new Date(iso).getTime() : Number.NaN
  const [now, setNow] = useState(() => Date.now())
  const valid = Number.isFinite(deadline)
  const over = valid && now >= deadline
  useEffect(() => {
    if (!valid || over) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [valid, over])
  return valid ? Math.max(0, deadline - now) : null
}

function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  return (
    <button
      type="button"
      className="btn btn-outline"
      onClick={async () => {
        const copied = await copyText(text)
        void showToast(
          copied ? 'success' : 'error',
          copied ? done : 'Não foi possível copiar. Selecione o texto e copie.',
        )
      }}
    >
      <Icon drawing={Copy} className="size-4" />
      {label}
    </button>
  )
}

/** The QR code drawn as SVG in the browser (the `qrcode` library loads with this panel only). */
function usePixQrCode(code: string) {
  return useQuery({
    queryKey: ['checkout', 'pix-qr', code],
    queryFn: async () => {
      const { toString: renderQr } = await import('qrcode')
      const svg = await renderQr(code, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}

/** PIX: the QR code, the copy-and-paste code and the time left to pay. */
export function PixPanel({
  code,
  expiresAt,
  amount,
  level = 2,
  expiredHint = 'Faça um novo pedido para pagar.',
}: {
  code: string
  expiresAt: string | null
  amount: string
  /** The heading's level where the panel sits (2 on the order screen, 3 inside Minhas compras). */
  level?: 2 | 3
  expiredHint?: string
}) {
  const qr = usePixQrCode(code)
  const remaining = useRemaining(expiresAt)
  const headingId = useId()
  const expired = remaining === 0
  const Heading = level === 2 ? 'h2' : 'h3'

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 p-5">
      <Heading id={headingId} className="flex items-center gap-2 font-bold text-slate-900 text-xl">
        <Icon drawing={QrCode} className="size-5 text-teal-700" />
        Pague com PIX
      </Heading>
      {remaining !== null ? (
        expired ? (
          <p className="mt-2 font-semibold text-red-800" role="alert">
            O código PIX expirou. {expiredHint}
          </p>
        ) : (
          <p className="mt-2 text-slate-800">
            Expira em{' '}
            <span role="timer" className="font-bold font-mono text-lg" data-testid="pix-countdown">
              {formatCountdown(remaining)}
            </span>
          </p>
        )
      ) : null}
      <div className="mt-4 grid gap-5 sm:grid-cols-[15rem_1fr] sm:items-start">
        <div className="grid aspect-square w-60 max-w-full place-items-center rounded-xl bg-white ring-1 ring-slate-200">
          {qr.data ? (
            <img
              src={qr.data}
              width={240}
              height={240}
              alt={`QR Code do PIX de ${amount}: leia com o aplicativo do seu banco`}
              className="size-full"
            />
          ) : qr.isError ? (
            <p className="p-4 text-center text-slate-700 text-sm">
              Não foi possível desenhar o QR Code: use o código abaixo.
            </p>
          ) : (
            <p className="text-slate-700 text-sm" role="status">
              Gerando QR Code...
            </p>
          )}
        </div>
        <div className="space-y-2">
          <CodeToCopy
            label="PIX copia e cola"
            code={code}
            rows={4}
            copy="Copiar código"
            done="Código PIX copiado!"
          />
          <ol className="list-decimal space-y-1 pl-5 text-slate-700 text-sm">
            <li>Abra o aplicativo do seu banco e escolha pagar com PIX.</li>
            <li>Leia o QR Code ou cole o código copiado.</li>
            <li>Confirme o pagamento: esta página se atualiza sozinha.</li>
          </ol>
        </div>
      </div>
    </section>
  )
}

/**
 * A code to copy into the bank's app (the PIX code, the boleto's line): labelled, read-only,
 * selected whole on focus, and its copy button. With `rows`, a text area (the long PIX code wraps).
 */
function CodeToCopy({
  label,
  code,
  rows,
  copy,
  done,
}: {
  label: string
  code: string
  rows?: number
  copy: string
  done: string
}) {
  const id = useId()
  const selectAll = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    event.currentTarget.select()
  return (
    <>
      <label htmlFor={id} className="block font-medium text-slate-800 text-sm">
        {label}
      </label>
      {rows ? (
        <textarea
          id={id}
          readOnly
          value={code}
          rows={rows}
          onFocus={selectAll}
          className={`${INPUT_CLASS} break-all font-mono text-sm`}
        />
      ) : (
        <input
          id={id}
          readOnly
          value={code}
          onFocus={selectAll}
          className={`${INPUT_CLASS} font-mono text-sm`}
        />
      )}
      <CopyButton text={code} label={copy} done={done} />
    </>
  )
}

/** Boleto: the printable boleto, its digitable line and its due date. */
export function BoletoPanel({
  link,
  line,
  dueAt,
  level = 2,
  note = 'A compensação do boleto leva até 3 dias úteis; a inscrição é liberada assim que ele for pago.',
}: {
  link: string | null
  line: string | null
  dueAt: string | null
  level?: 2 | 3
  note?: string
}) {
  const headingId = useId()
  const due = dueAt ? new Date(dueAt) : null
  const Heading = level === 2 ? 'h2' : 'h3'
  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-slate-200 p-5">
      <Heading id={headingId} className="font-bold text-slate-900 text-xl">
        Pague o boleto
      </Heading>
      {due && !Number.isNaN(due.getTime()) ? (
        <p className="mt-2 text-slate-800">
          Vencimento: <strong>{dueDate(due)}</strong>
        </p>
      ) : null}
      {link ? (
        <a href={link} target="_blank" rel="noopener noreferrer" className="btn btn-primary mt-4">
          <Icon drawing={ExternalLink} className="size-4" />
          Abrir boleto
          <span className="sr-only"> (abre em nova aba)</span>
        </a>
      ) : null}
      {line ? (
        <div className="mt-4 space-y-2">
          <CodeToCopy
            label="Linha digitável"
            code={line}
            copy="Copiar linha digitável"
            done="Linha digitável copiada!"
          />
        </div>
      ) : null}
      <p className="mt-3 text-slate-700 text-sm">{note}</p>
    </section>
  )
}
