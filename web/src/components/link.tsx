// biome-ignore lint/style/noRestrictedImports: the one wrapper of the router's Link.
import { Link as RouterLink } from '@tanstack/react-router'
import { type ComponentProps, forwardRef } from 'react'

const EXACT = { exact: true } as const
// The server never knows the hash: it marks no hash link active, and the browser then agrees.
const EXACT_WITH_HASH = { exact: true, includeHash: true } as const

/**
 * The router's `Link`, active only on its own page: the router marks an active link
 * `aria-current="page"`, and by default a link is active on every page below its path and
 * whatever the page's hash (on a course page the menu's 'Cursos', its '#cursos-online' items and
 * the breadcrumb would all tell a screen reader they are the current page). A link to a part of a
 * page ('#…') is current only there. Nothing styles the active state; `aria-current` is what it
 * changes. The ref reaches the anchor (Radix's `asChild` items focus it).
 */
export const Link = forwardRef<HTMLAnchorElement, ComponentProps<typeof RouterLink>>((props, ref) => {
  const toHash = Boolean(props.hash) || (typeof props.to === 'string' && props.to.includes('#'))
  return <RouterLink ref={ref} activeOptions={toHash ? EXACT_WITH_HASH : EXACT} {...props} />
}) as unknown as typeof RouterLink
