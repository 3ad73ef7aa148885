import { useSyncExternalStore } from 'react'
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LANGUAGE_STORAGE_KEY,
  type Language,
} from '../../../worker/domain/languages.ts'

const listeners = new Set<() => void>()

/** The display language stored as 'Lang' (SPEC sections 1 and 7); pt-BR when unset or unreadable. */
export function readLanguage(): Language {
  if (typeof window === 'undefined') return DEFAULT_LANGUAGE
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY)
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE
  } catch {
    return DEFAULT_LANGUAGE
  }
}

export function setLanguage(language: Language) {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language)
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    if (event.key === LANGUAGE_STORAGE_KEY) listener()
  }
  window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/** The chosen language; pages rendered by the Worker (and their hydration) start in pt-BR. */
export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, readLanguage, () => DEFAULT_LANGUAGE)
}
