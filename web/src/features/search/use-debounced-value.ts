import { useEffect, useState } from 'react'

/**
 * `value` once it has stayed the same for `delayMs`. An empty value passes at once: emptying the
 * box clears the results without waiting (SPEC section 4).
 */
export function useDebouncedValue(value: string, delayMs: number): string {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    if (value === '') {
      setDebounced('')
      return
    }
    const timer = setTimeout(() => setDebounced(value), delayMs)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return value === '' ? '' : debounced
}
