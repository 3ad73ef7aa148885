import type { ReactNode } from 'react'
import { Link } from './link.tsx'

type SmartLinkProps = {
  href: string
  newTab?: boolean
  className?: string
  children: ReactNode
  onClick?: () => void
  /** Id of the text that tells identical labels apart ('Saiba mais' on every card). */
  describedBy?: string
}

const EXTERNAL = /^([a-z][a-z0-9+.-]*:|\/\/)/i

/** Server-supplied URLs: in-app paths go through the router, the rest are plain anchors. */
export function SmartLink({
  href,
  newTab = false,
  className,
  children,
  onClick,
  describedBy,
}: SmartLinkProps) {
  if (newTab || EXTERNAL.test(href)) {
    return (
      <a
        href={href}
        className={className}
        onClick={onClick}
        aria-describedby={describedBy}
        {...(newTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
      </a>
    )
  }
  const [path = '/', hash] = href.split('#')
  return (
    <Link to={path} hash={hash} className={className} onClick={onClick} aria-describedby={describedBy}>
      {children}
    </Link>
  )
}
