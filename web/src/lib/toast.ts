import { UNAVAILABLE_MESSAGE } from '../../../worker/contract/unavailable.ts'
import { ApiError } from './api.ts'
import { readLanguage } from './language.ts'

export const TOAST_DURATION_MS = 3000
const COMMENT_MAX_LENGTH = 40

type ToastKind = 'message' | 'success' | 'error'

// sonner is fetched on the first toast (or when the browser is idle), never on the critical path.
let sonner: Promise<typeof import('sonner')> | null = null
let toasterWanted = false
const toasterListeners = new Set<() => void>()

export function loadSonner() {
  sonner ??= import('sonner')
  return sonner
}

// Translations load only for a visitor who chose another language than pt-BR.
const loadTranslation = () => import('../i18n/translate.ts')

/** Asks the root to mount the (lazy) Toaster; sonner replays toasts created before it mounts. */
export function requestToaster() {
  if (toasterWanted) return
  toasterWanted = true
  for (const listener of toasterListeners) listener()
  // With the toaster, the chosen language's catalogue, so its first toast needs no network.
  const language = readLanguage()
  if (language !== 'pt-BR') void loadTranslation().then((module) => module.loadCatalogue(language))
}

export function subscribeToToasterRequest(listener: () => void) {
  toasterListeners.add(listener)
  return () => {
    toasterListeners.delete(listener)
  }
}

export const isToasterRequested = () => toasterWanted

export async function showToast(kind: ToastKind, text: string) {
  // A page rendered by the Worker has no one to show a toast to (and the page falls back to the shell).
  if (typeof window === 'undefined') return
  requestToaster()
  const language = readLanguage()
  // A toast is never lost to a translation problem: the Portuguese text shows instead.
  const shown =
    language === 'pt-BR'
      ? text
      : await loadTranslation()
          .then((module) => module.translateText(text, language))
          .catch(() => text)
  const { toast } = await loadSonner()
  const options = { duration: TOAST_DURATION_MS }
  if (kind === 'message') toast(shown, options)
  else toast[kind](shown, options)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/** Statuses that mean "a dependency is away, try again shortly" (ours is 503; an edge may say 502/504). */
const UNAVAILABLE_STATUSES = new Set([502, 503, 504])

/**
 * The instability message of a 503 (the server's `msg`, or the standard one when the answer had
 * none), or null for any other failure. Callers with their own SPEC text for a failure use it first:
 * "try again shortly" is what the person needs to hear then.
 */
export function unavailableMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || !UNAVAILABLE_STATUSES.has(error.status)) return null
  const body = error.body
  return isRecord(body) && typeof body.msg === 'string' && body.msg !== '' ? body.msg : UNAVAILABLE_MESSAGE
}

/** SPEC section 8: 422 lists every field message, else the server's `msg`, else the fallback. */
export function errorMessage(error: unknown, fallback = 'Erro ao executar'): string {
  const status = error instanceof ApiError ? error.status : undefined
  const body = error instanceof ApiError ? error.body : error
  const unavailable = unavailableMessage(error)
  if (unavailable) return unavailable
  if (!isRecord(body)) return fallback
  if (status === 422 && isRecord(body.errors)) {
    const messages = Object.values(body.errors)
      .flat()
      .filter((message): message is string => typeof message === 'string' && message !== '')
    if (messages.length > 0) return messages.join('\n')
  }
  if (typeof body.msg === 'string' && body.msg !== '') return body.msg
  return fallback
}

/** The server's own detail (`msg`) when there is one, for toasts that prefix their own title. */
export function errorDetail(error: unknown): string | undefined {
  const body = error instanceof ApiError ? error.body : error
  return isRecord(body) && typeof body.msg === 'string' && body.msg !== '' ? body.msg : undefined
}

export function toastError(error: unknown, fallback = 'Erro ao executar') {
  return showToast('error', errorMessage(error, fallback))
}

export function toastSuccess(text: string) {
  return showToast('success', text)
}

export function truncateComment(text: string): string {
  return text.length > COMMENT_MAX_LENGTH ? `${text.slice(0, COMMENT_MAX_LENGTH)}...` : text
}

export function toastComment(text: string) {
  return showToast('message', truncateComment(text))
}
