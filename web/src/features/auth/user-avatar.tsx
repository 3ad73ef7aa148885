import { useState } from 'react'

export const DEFAULT_USER_PHOTO = '/img/default-user.svg'

/** The user's photo, or the default image when there is none or it fails to load. */
export function UserAvatar({
  photo,
  size,
  className = '',
}: {
  photo: string | null
  size: number
  className?: string
}) {
  const [broken, setBroken] = useState<string | null>(null)
  const src = photo && photo !== broken ? photo : DEFAULT_USER_PHOTO
  return (
    <img
      src={src}
      alt=""
      width={size}
      height={size}
      onError={() => setBroken(photo)}
      className={`shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
      style={{ width: size, height: size }}
    />
  )
}
