import { useEffect, useRef } from 'react'

/** Focus the panel that opened below a list (its heading), so a keyboard user lands on it. */
export function useFocusOnOpen<T>(key: T) {
  const ref = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    if (key !== null) ref.current?.focus()
  }, [key])
  return ref
}
