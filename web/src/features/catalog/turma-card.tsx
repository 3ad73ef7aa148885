import { Banknote, CalendarDays, CreditCard, MapPin, Zap } from 'lucide'
import { useId } from 'react'
import type { Turma } from '../../../../worker/contract/catalog.ts'
import { seatsLabel } from '../../../../worker/domain/seats.ts'
import { Icon } from '../../components/icons.tsx'
import { formatBRL } from '../../lib/money.ts'
import { AddToCartButton } from '../cart/add-to-cart-button.tsx'
import { boletoText, instalmentText, STUDENT_PRICE_RULE, studentPrice, turmaStart } from './turma-rules.ts'

/** How a class or a package can be paid: card instalments and boleto. */
export function PaymentTerms({ instalmentTimes, boleto }: { instalmentTimes: number; boleto: boolean }) {
  return (
    <ul className="mt-2 space-y-1 text-slate-700 text-sm">
      <li className="flex items-center gap-2">
        <Icon drawing={CreditCard} className="size-4 shrink-0" />
        {instalmentText(instalmentTimes)}
      </li>
      <li className="flex items-center gap-2">
        <Icon drawing={Banknote} className="size-4 shrink-0" />
        {boletoText(boleto)}
      </li>
    </ul>
  )
}

/**
 * One class of a course: when and where, the price and how to pay, and its sign-up button.
 * `seatsLeft` arrives after the page is drawn (undefined until then, and for a class without limit).
 */
export function TurmaCard({ turma, seatsLeft }: { turma: Turma; seatsLeft?: number | undefined }) {
  const nameId = useId()
  const seats = seatsLabel(seatsLeft)
  const soldOut = seatsLeft === 0
  const student = studentPrice(turma)
  const dated = turma.type === 'N'

  return (
    <article
      aria-labelledby={nameId}
      className={`flex h-full flex-col gap-4 rounded-2xl border bg-white p-5 shadow-sm ${turma.open ? 'border-slate-200' : 'border-slate-200 bg-slate-50'}`}
    >
      <div>
        <h3 id={nameId} className="font-bold text-lg text-slate-900 leading-snug">
          {turma.name}
        </h3>
        <ul className="mt-3 space-y-2 text-slate-700 text-sm">
          <li className="flex items-start gap-2">
            {dated ? (
              <>
                <Icon drawing={CalendarDays} className="mt-0.5 size-4 shrink-0 text-teal-700" />
                <span>
                  Início: <strong className="font-semibold text-slate-900">{turmaStart(turma)}</strong>
                </span>
              </>
            ) : (
              <>
                <Icon drawing={Zap} className="mt-0.5 size-4 shrink-0 text-teal-700" />
                <strong className="font-semibold text-teal-800">{turmaStart(turma)}</strong>
              </>
            )}
          </li>
          {turma.location ? (
            <li className="flex items-start gap-2">
              <Icon drawing={MapPin} className="mt-0.5 size-4 shrink-0 text-teal-700" />
              <span>
                <span className="sr-only">Local: </span>
                {turma.location}
              </span>
            </li>
          ) : null}
        </ul>
      </div>

      <div>
        <p className="whitespace-nowrap font-bold text-3xl text-teal-800" data-testid="turma-price">
          {formatBRL(turma.price)}
        </p>
        <PaymentTerms instalmentTimes={turma.instalment_times} boleto={turma.boleto} />
        {student !== null ? (
          <div className="mt-3 rounded-xl bg-amber-50 p-3 text-amber-950 text-sm ring-1 ring-amber-200">
            <p>
              Preço de estudante:{' '}
              <strong className="whitespace-nowrap font-bold" data-testid="turma-student-price">
                {formatBRL(student)}
              </strong>
            </p>
            <p className="mt-1">{STUDENT_PRICE_RULE}</p>
          </div>
        ) : null}
      </div>

      <div className="mt-auto">
        {turma.open && seats && !soldOut ? (
          <p className="mb-2 text-center font-semibold text-amber-900 text-sm" data-testid="turma-seats">
            {seats}
          </p>
        ) : null}
        {turma.open && !soldOut ? (
          <AddToCartButton id={turma.id} type="turma" describedBy={nameId} className="w-full" />
        ) : (
          <p
            className="rounded-full bg-slate-200 px-4 py-2.5 text-center font-semibold text-slate-800 text-sm"
            data-testid={soldOut ? 'turma-seats' : undefined}
          >
            {turma.open ? seats : 'Inscrições encerradas'}
          </p>
        )}
      </div>
    </article>
  )
}
