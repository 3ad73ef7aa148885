import { Check, LoaderCircle, Send } from 'lucide'
import { useEffect, useRef, useState } from 'react'
import { useForm } from 'react-hook-form'
import {
  CONTACT_FIELD_ERRORS,
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTH,
  type ContactField,
  invalidContactFields,
  invalidContactText,
} from '../../../../worker/domain/contact.ts'
import type { LeadTarget } from '../../../../worker/domain/leads.ts'
import { Icon } from '../../components/icons.tsx'
import { ApiError } from '../../lib/api.ts'
import { EmailField, FieldShell, INPUT_CLASS, NameField } from '../../lib/form-field.tsx'
import { PhoneField } from '../../lib/masked-input.tsx'
import { showToast, toastError, toastSuccess } from '../../lib/toast.ts'
import { CONTACT_COPY, CONTACT_TEXT, CONTACT_TIMINGS } from './contact.messages.ts'
import { type ContactValues, sendContact } from './contact.mutations.ts'

/** SPEC section 4: the send button's states. */
export type SendState = 'idle' | 'load' | 'success'

const EMPTY: ContactValues = { name: '', email: '', telefone: '', descricao: '', website: '' }

/** The fields a 422 names, as the SPEC's toast lists them (the Worker checks with the same rules). */
function serverInvalidFields(error: unknown): ContactField[] {
  if (!(error instanceof ApiError) || error.status !== 422) return []
  const errors = (error.body as { errors?: unknown } | null)?.errors
  if (typeof errors !== 'object' || errors === null) return []
  return CONTACT_FIELDS.filter((field) => field in errors)
}

/**
 * 'Fale com a gente' (SPEC sections 2, 4 and 5): checked before sending, failing fields listed in
 * one toast; while sending the button shows 'load' and ignores clicks; 'success' 0.5 s after the
 * answer and 'Mensagem enviada com sucesso' at 1 s; after a failure, an error toast and idle at 0.45 s.
 */
export function ContactForm({ target, onSent }: { target: LeadTarget; onSent?: () => void }) {
  const { register, control, handleSubmit, reset, setError, clearErrors, setFocus, formState } =
    useForm<ContactValues>({ defaultValues: EMPTY })
  const [state, setState] = useState<SendState>('idle')
  const busy = useRef(false)
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])

  useEffect(
    () => () => {
      for (const timer of timers.current) clearTimeout(timer)
    },
    [],
  )
  const later = (ms: number, run: () => void) => {
    timers.current.push(setTimeout(run, ms))
  }

  const markInvalid = (fields: readonly ContactField[]) => {
    clearErrors()
    for (const field of fields) setError(field, { type: 'spec', message: CONTACT_FIELD_ERRORS[field] })
    if (fields[0]) setFocus(fields[0])
  }

  const send = async (values: ContactValues) => {
    if (busy.current) return
    const failing = invalidContactFields(values)
    if (failing.length > 0) {
      markInvalid(failing)
      void showToast('error', invalidContactText(failing))
      return
    }
    clearErrors()
    busy.current = true
    setState('load')
    try {
      await sendContact(values, target)
      later(CONTACT_TIMINGS.success, () => setState('success'))
      later(CONTACT_TIMINGS.sentToast, () => {
        void toastSuccess(CONTACT_TEXT.sent)
        reset(EMPTY)
        setState('idle')
        busy.current = false
        onSent?.()
      })
    } catch (error) {
      const fields = serverInvalidFields(error)
      if (fields.length > 0) {
        markInvalid(fields)
        void showToast('error', invalidContactText(fields))
      } else {
        void toastError(error)
      }
      later(CONTACT_TIMINGS.errorReset, () => {
        setState('idle')
        busy.current = false
      })
    }
  }

  const errorOf = (field: ContactField) => formState.errors[field]?.message

  return (
    <form noValidate onSubmit={handleSubmit(send)} className="grid gap-4" data-target={target}>
      <NameField
        label={CONTACT_COPY.nameLabel}
        maxLength={CONTACT_MAX_LENGTH.name}
        error={errorOf('name')}
        {...register('name')}
      />
      <EmailField
        label={CONTACT_COPY.emailLabel}
        maxLength={CONTACT_MAX_LENGTH.email}
        error={errorOf('email')}
        {...register('email')}
      />
      <PhoneField
        control={control}
        name="telefone"
        label={CONTACT_COPY.phoneLabel}
        error={errorOf('telefone')}
      />
      <FieldShell label={CONTACT_TEXT.question}>
        {(ids) => (
          <textarea
            {...ids}
            {...register('descricao')}
            rows={4}
            maxLength={CONTACT_MAX_LENGTH.descricao}
            className={`${INPUT_CLASS} resize-y`}
          />
        )}
      </FieldShell>
      {/* A field people never see: robots that fill every input give themselves away. */}
      <div hidden>
        <label>
          Deixe este campo em branco
          <input type="text" tabIndex={-1} autoComplete="off" {...register('website')} />
        </label>
      </div>
      <SendButton state={state} />
    </form>
  )
}

function SendButton({ state }: { state: SendState }) {
  return (
    <>
      <button
        type="submit"
        className="btn btn-primary w-full sm:w-auto sm:justify-self-start"
        data-state={state}
        aria-disabled={state !== 'idle' || undefined}
      >
        {state === 'load' ? (
          <Icon drawing={LoaderCircle} className="size-4 animate-spin" />
        ) : state === 'success' ? (
          <Icon drawing={Check} className="size-4" />
        ) : (
          <Icon drawing={Send} className="size-4" />
        )}
        {state === 'load'
          ? CONTACT_COPY.sending
          : state === 'success'
            ? CONTACT_COPY.sentButton
            : CONTACT_TEXT.submit}
      </button>
      <p className="sr-only" role="status">
        {state === 'load' ? CONTACT_COPY.sending : state === 'success' ? CONTACT_COPY.sentButton : ''}
      </p>
    </>
  )
}
