import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../../lib/api.ts'
import { openModal } from '../../lib/form-modal-state.tsx'
import { showToast, toastError, toastSuccess } from '../../lib/toast.ts'
import { menuKeys } from '../menu/menu.queries.ts'
import { NEW_PASSWORD_MODAL_ID } from '../profile/modal-ids.ts'
import { fieldMessages } from './auth.errors.ts'
import { LOGIN_MESSAGES } from './auth.messages.ts'
import { requestSocialLink } from './auth.mutations.ts'
import { authKeys, currentUserQuery } from './auth.queries.ts'

export type SocialProvider = 'google' | 'facebook' | 'instagram'
/** The providers an account can be linked to (Instagram retired its login API). */
export type LinkableProvider = Exclude<SocialProvider, 'instagram'>

/** What the provider's last page in the popup sends before closing itself. */
export type SocialLoginMessage = {
  type: 'social-login'
  status: 'ok' | 'error'
  new_user: boolean
  message?: string
  /** Linked to the signed-in account (Meu perfil) rather than logged in. */
  linked?: boolean
}

// SPEC sections 4 and 9: a 780x410 popup polled every 500 ms, at most 60000 times.
export const SOCIAL_CHANNEL = 'renalis-auth'
export const SOCIAL_POPUP_NAME = 'social-login'
export const SOCIAL_POPUP_WIDTH = 780
export const SOCIAL_POPUP_HEIGHT = 410
export const SOCIAL_POLL_MS = 500
export const SOCIAL_MAX_POLLS = 60_000

export function isSocialLoginMessage(data: unknown): data is SocialLoginMessage {
  if (typeof data !== 'object' || data === null) return false
  const message = data as Partial<SocialLoginMessage>
  return message.type === 'social-login' && (message.status === 'ok' || message.status === 'error')
}

type Watcher = {
  onResult: (message: SocialLoginMessage) => void
  /** The popup was closed without a result, or the polls ran out. */
  onGiveUp: () => void
  /** Polled: once the user is set (another tab, a refetch) the popup is no longer needed. */
  isLoggedIn: () => boolean
}

/** Opens the 780x410 popup, centred on this window, at `url`; null when it was blocked. */
function openPopup(url: string): Window | null {
  const left = Math.round(window.screenX + Math.max(0, (window.outerWidth - SOCIAL_POPUP_WIDTH) / 2))
  const top = Math.round(window.screenY + Math.max(0, (window.outerHeight - SOCIAL_POPUP_HEIGHT) / 2))
  return window.open(
    url,
    SOCIAL_POPUP_NAME,
    `width=${SOCIAL_POPUP_WIDTH},height=${SOCIAL_POPUP_HEIGHT},left=${left},top=${top},menubar=no,toolbar=no,location=yes,status=no`,
  )
}

/**
 * Watches a popup for its answer on the 'renalis-auth' BroadcastChannel and on same-origin
 * postMessage (a Cross-Origin-Opener-Policy on the way cuts window.opener). Returns a function
 * that stops watching and closes the popup.
 */
function watchPopup(popup: Window, watcher: Watcher): () => void {
  let finished = false
  let polls = 0
  let closedSeen = false
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(SOCIAL_CHANNEL) : null

  function stop() {
    if (finished) return
    finished = true
    clearInterval(timer)
    channel?.close()
    window.removeEventListener('message', onWindowMessage)
    if (!popup.closed) popup.close()
  }

  function receive(data: unknown) {
    if (finished || !isSocialLoginMessage(data)) return
    stop()
    watcher.onResult(data)
  }

  function onWindowMessage(event: MessageEvent) {
    if (event.origin !== window.location.origin) return
    receive(event.data)
  }

  if (channel) channel.onmessage = (event) => receive(event.data)
  window.addEventListener('message', onWindowMessage)

  const timer = setInterval(() => {
    polls += 1
    if (watcher.isLoggedIn()) return stop()
    if (popup.closed) {
      // The popup closes itself right after posting: its message gets one more tick to arrive.
      if (!closedSeen) {
        closedSeen = true
        return
      }
      stop()
      return watcher.onGiveUp()
    }
    if (polls >= SOCIAL_MAX_POLLS) {
      stop()
      watcher.onGiveUp()
    }
  }, SOCIAL_POLL_MS)

  return stop
}

/**
 * Opens the provider's login popup and watches it. Returns a function that stops watching and
 * closes the popup, or null when the popup was blocked.
 */
export function openSocialLogin(provider: SocialProvider, watcher: Watcher): (() => void) | null {
  const popup = openPopup(`/redirect?login=${provider}`)
  return popup ? watchPopup(popup, watcher) : null
}

/**
 * Social login from the login form. On 'ok' the user is refetched (the server set the session
 * cookie), a new user is offered 'Adicionar nova senha', and 'Logado com sucesso!' shows.
 */
export function useSocialLogin() {
  const queryClient = useQueryClient()
  const stopRef = useRef<(() => void) | null>(null)
  const [pending, setPending] = useState<SocialProvider | null>(null)

  // Leaving the form (modal closed, page changed) ends the attempt and closes the popup.
  useEffect(() => () => stopRef.current?.(), [])

  const finish = useCallback(() => {
    stopRef.current = null
    setPending(null)
  }, [])

  const start = useCallback(
    (provider: SocialProvider) => {
      stopRef.current?.()
      const stop = openSocialLogin(provider, {
        isLoggedIn: () => Boolean(queryClient.getQueryData(authKeys.user())),
        onGiveUp: () => {
          finish()
          void queryClient.invalidateQueries({ queryKey: authKeys.user() })
        },
        onResult: async (message) => {
          finish()
          if (message.status !== 'ok') {
            void showToast('error', message.message || LOGIN_MESSAGES.socialFailed)
            return
          }
          const user = await queryClient.fetchQuery({ ...currentUserQuery(), staleTime: 0 }).catch(() => null)
          void queryClient.invalidateQueries({ queryKey: menuKeys.all })
          if (!user) {
            void showToast('error', LOGIN_MESSAGES.socialFailed)
            return
          }
          if (message.new_user || user.new_user) openModal(NEW_PASSWORD_MODAL_ID, 'store')
          void toastSuccess(LOGIN_MESSAGES.loggedIn)
        },
      })
      if (!stop) {
        void showToast('error', LOGIN_MESSAGES.popupBlocked)
        return
      }
      stopRef.current = stop
      setPending(provider)
    },
    [queryClient, finish],
  )

  return { start, pending }
}

export const SOCIAL_LINK_MESSAGES = {
  linked: 'Rede social vinculada ao seu perfil!',
  failed: 'Não foi possível vincular a rede social.',
} as const

/** What a link attempt needs to be told about: the password it asked for was refused. */
export type SocialLinkOutcome = { passwordError?: string }

/**
 * Meu perfil: links Google or Facebook to the signed-in account, in the same popup. The popup
 * opens at once, on the click (a popup opened after an answer is blocked), and goes to the
 * address POST /api/usuario/conta/vincular gives; the account's password goes with it unless
 * the login was recent or the account has none.
 */
export function useSocialLink({ onLinked }: { onLinked?: () => void } = {}) {
  const stopRef = useRef<(() => void) | null>(null)
  const [pending, setPending] = useState<LinkableProvider | null>(null)
  useEffect(() => () => stopRef.current?.(), [])

  const start = useCallback(
    async (provider: LinkableProvider, senha?: string): Promise<SocialLinkOutcome> => {
      stopRef.current?.()
      const popup = openPopup('about:blank')
      if (!popup) {
        void showToast('error', LOGIN_MESSAGES.popupBlocked)
        return {}
      }
      const done = () => {
        stopRef.current = null
        setPending(null)
      }
      const stop = watchPopup(popup, {
        isLoggedIn: () => false,
        onGiveUp: done,
        onResult: (message) => {
          done()
          if (message.status === 'ok') {
            void toastSuccess(SOCIAL_LINK_MESSAGES.linked)
            onLinked?.()
          } else void showToast('error', message.message || SOCIAL_LINK_MESSAGES.failed)
        },
      })
      stopRef.current = stop
      setPending(provider)
      try {
        const { url } = await requestSocialLink(provider, senha)
        if (!popup.closed) popup.location.href = url
        return {}
      } catch (error) {
        stop()
        done()
        const passwordError = error instanceof ApiError ? fieldMessages(error.body, 'senha')[0] : undefined
        if (passwordError) return { passwordError }
        void toastError(error, SOCIAL_LINK_MESSAGES.failed)
        return {}
      }
    },
    [onLinked],
  )

  return { start, pending }
}
