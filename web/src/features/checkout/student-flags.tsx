import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { FileUp, LoaderCircle } from 'lucide'
import { useId, useState } from 'react'
import type { CartResponse, CheckoutView } from '../../../../worker/contract/cart.ts'
import { Icon } from '../../components/icons.tsx'
import { ActionButton } from '../../lib/form-field.tsx'
import { toastError, toastSuccess } from '../../lib/toast.ts'
import { primeCart } from '../cart/cart.queries.ts'
import { readCartHash, writeCartHash } from '../cart/cart-storage.ts'
import { type CartFlagsChange, setCartFlags, uploadStudentDocument } from './checkout.mutations.ts'

export const STUDENT_DOC_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'] as const
export const STUDENT_DOC_MAX_BYTES = 5 * 1024 * 1024
const STUDENT_DOC_INVALID = 'Envie um arquivo PDF, JPG, PNG ou WebP de até 5 MB.'

/** Does any class in the cart (alone or in a bundle) have a student price? */
export function hasStudentPrice(view: CheckoutView): boolean {
  return (
    view.turmas.some((turma) => turma.student_discount === 'A' && turma.student_price !== null) ||
    view.pacotes.some((pacote) =>
      pacote.courses.some(
        (course) => course.turma.student_discount === 'A' && course.turma.student_price !== null,
      ),
    )
  )
}

/**
 * Every flag change answers a new cart hash: the checkout moves to it (the view reloads with
 * student prices, or without boleto), and so does the stored cart when it was this one.
 */
function useMoveToCart(currentHash: string) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return (response: CartResponse) => {
    primeCart(queryClient, response)
    const stored = readCartHash()
    if (stored === null || stored === currentHash) writeCartHash(response.hash)
    void navigate({ to: '/checkout/$hash', params: { hash: response.hash }, replace: true })
  }
}

/** 'Sou estudante' with the document upload, and 'Tenho passaporte (estrangeiro)'. */
export function StudentFlags({ view, disabled }: { view: CheckoutView; disabled: boolean }) {
  const moveTo = useMoveToCart(view.hash)
  const fileId = useId()
  const fileErrorId = useId()
  const [wantsStudent, setWantsStudent] = useState(view.flags.has_student_doc)
  const [file, setFile] = useState<File | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const studentShown = hasStudentPrice(view) || view.flags.has_student_doc
  const hadCoupons = view.cupons.length > 0

  const upload = useMutation({
    mutationFn: (document: File) => uploadStudentDocument(view.hash, document),
    onSuccess: (response) => {
      setFile(null)
      void toastSuccess(
        hadCoupons
          ? 'Documento enviado: o preço de estudante foi aplicado e os cupons foram retirados.'
          : 'Documento enviado: o preço de estudante foi aplicado.',
      )
      moveTo(response)
    },
    onError: (error) => void toastError(error, 'Erro ao enviar o documento de estudante.'),
  })

  const flags = useMutation({
    mutationFn: (change: CartFlagsChange) => setCartFlags(view.hash, change),
    onSuccess: moveTo,
    onError: (error) => void toastError(error, 'Erro ao atualizar o carrinho.'),
  })
  const busy = disabled || upload.isPending || flags.isPending

  function pickFile(picked: File | null) {
    setFile(null)
    setFileError(null)
    if (!picked) return
    const typeOk = (STUDENT_DOC_TYPES as readonly string[]).includes(picked.type)
    if (!typeOk || picked.size > STUDENT_DOC_MAX_BYTES) {
      setFileError(STUDENT_DOC_INVALID)
      return
    }
    setFile(picked)
  }

  function toggleStudent(checked: boolean) {
    setWantsStudent(checked)
    // Unticking after the document was accepted drops the student price again.
    if (!checked && view.flags.has_student_doc) flags.mutate({ has_student_doc: false })
  }

  return (
    <section aria-labelledby="descontos-estrangeiros" className="rounded-2xl border border-slate-200 p-5">
      <h2 id="descontos-estrangeiros" className="font-bold text-lg text-slate-900">
        Estudantes e estrangeiros
      </h2>
      {studentShown ? (
        <div className="mt-3">
          <label className="flex items-start gap-3 font-medium text-slate-900">
            <input
              type="checkbox"
              className="mt-1 size-5 accent-teal-700"
              checked={wantsStudent}
              disabled={busy}
              onChange={(event) => toggleStudent(event.target.checked)}
            />
            Sou estudante
          </label>
          {view.flags.has_student_doc ? (
            <p className="mt-2 text-sm text-teal-900" role="status">
              Documento de estudante recebido: o preço de estudante já está aplicado.
            </p>
          ) : wantsStudent ? (
            <div className="mt-3 space-y-2 rounded-xl bg-amber-50 p-4 text-amber-950 text-sm ring-1 ring-amber-200">
              <p>
                Envie um documento que comprove o vínculo de estudante (PDF, JPG, PNG ou WebP, até 5 MB). O
                preço de estudante vale nas turmas com desconto; cupons não valem junto com ele.
              </p>
              <label htmlFor={fileId} className="block font-medium">
                Documento de estudante
              </label>
              <input
                id={fileId}
                type="file"
                accept=".pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp"
                disabled={busy}
                aria-invalid={fileError ? true : undefined}
                aria-describedby={fileError ? fileErrorId : undefined}
                onChange={(event) => pickFile(event.target.files?.[0] ?? null)}
                className="block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:font-semibold file:text-white"
              />
              {fileError ? (
                <p id={fileErrorId} className="font-medium text-red-800" role="alert">
                  {fileError}
                </p>
              ) : null}
              <ActionButton
                className="btn btn-primary"
                pending={upload.isPending}
                icon={FileUp}
                disabled={busy || file === null}
                onClick={() => file && upload.mutate(file)}
              >
                Enviar documento
              </ActionButton>
            </div>
          ) : null}
        </div>
      ) : null}
      <div className="mt-3">
        <label className="flex items-start gap-3 font-medium text-slate-900">
          <input
            type="checkbox"
            className="mt-1 size-5 accent-teal-700"
            checked={view.flags.has_passport}
            disabled={busy}
            onChange={(event) => flags.mutate({ has_passport: event.target.checked })}
          />
          Tenho passaporte (estrangeiro)
        </label>
        <p className="mt-1 pl-8 text-slate-700 text-sm">
          O pagamento por boleto não está disponível para estrangeiros.
        </p>
      </div>
      {flags.isPending ? (
        <p className="mt-2 flex items-center gap-2 text-slate-700 text-sm" role="status">
          <Icon drawing={LoaderCircle} className="size-4 animate-spin" />
          Atualizando o carrinho...
        </p>
      ) : null}
    </section>
  )
}
