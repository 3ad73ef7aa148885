import { type ImgHTMLAttributes, useState } from 'react'

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'onError'> & {
  src: string | null | undefined
  /** Shown when `src` is missing or fails to load (SPEC section 2: default images). */
  fallback: string
  width: number
  height: number
}

/** An image with its size set (no layout shift) that swaps to the default picture once on error. */
export function FallbackImage({ src, fallback, loading = 'lazy', alt = '', ...props }: FallbackImageProps) {
  const [failed, setFailed] = useState<string | null>(null)
  const wanted = src || fallback
  const current = failed === wanted ? fallback : wanted
  return (
    <img
      {...props}
      alt={alt}
      src={current}
      loading={loading}
      decoding="async"
      onError={() => {
        if (current !== fallback) setFailed(wanted)
      }}
    />
  )
}
