/**
 * The page's title, description, canonical link, Open Graph tags and JSON-LD, from the routes'
 * `head` (lib/page-head.ts), in the document's <head>. The Worker writes them there with the page
 * (entry-server.tsx, `HeadTags`); in the browser `DocumentHead` keeps them in step with the route.
 * Each tag carries `data-head`: only those are ours to replace (the template's charset, viewport,
 * icon and stylesheet stay).
 */
import { type RouterState, useRouterState, useTags } from '@tanstack/react-router'
import { useEffect } from 'react'
import { INSTITUTE } from '../../../worker/contract/institute.ts'

type HeadTag = ReturnType<typeof useTags>[number]
type Matches = RouterState['matches']

const MARK = 'data-head'

/** An unknown path or item: the page the visitor gets is the not-found page (HTTP 404). */
export function isNotFoundPage(matches: Matches): boolean {
  return matches.some((match) => match.status === 'notFound' || match._notFound === true)
}

const NOT_FOUND_TAGS: HeadTag[] = [
  { tag: 'title', children: `Página não encontrada | ${INSTITUTE.name}` },
  { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } },
]

/**
 * The tags of the current page: the routes' own, and on a not-found page its title and
 * `noindex` where the routes gave none (an unknown path has no route head of its own).
 */
function usePageTags(): HeadTag[] {
  const tags = useTags()
  const notFound = useRouterState({ select: (state) => isNotFoundPage(state.matches) })
  if (!notFound) return tags
  const has = (probe: (tag: HeadTag) => boolean) => tags.some(probe)
  return [
    ...NOT_FOUND_TAGS.filter((fallback) =>
      fallback.tag === 'title'
        ? !has((tag) => tag.tag === 'title')
        : !has((tag) => tag.tag === 'meta' && tag.attrs?.name === 'robots'),
    ),
    ...tags,
  ]
}

/** The tags this page puts in <head>: title, meta, link and JSON-LD (the routes give no others). */
function isHeadTag(tag: HeadTag): boolean {
  return (
    ['title', 'meta', 'link'].includes(tag.tag) ||
    (tag.tag === 'script' && tag.attrs?.type === 'application/ld+json')
  )
}

/** Attributes as the DOM spells them; React-only props and empty values left out. */
function attributes(tag: HeadTag): [string, string][] {
  return Object.entries(tag.attrs ?? {})
    .filter(([name, value]) => name !== 'suppressHydrationWarning' && value !== undefined && value !== false)
    .map(([name, value]) => [name.toLowerCase(), value === true ? '' : String(value)])
}

/** The head's tags rendered by the Worker into <head> (every element escaped by the renderer). */
export function HeadTags() {
  const tags = usePageTags()
  return (
    <>
      {tags.map((tag) => {
        const props: Record<string, string> = Object.fromEntries([...attributes(tag), [MARK, '']])
        const key = JSON.stringify(tag)
        if (tag.tag === 'title')
          return (
            <title key={key} {...props}>
              {tag.children}
            </title>
          )
        if (tag.tag === 'meta') return <meta key={key} {...props} />
        if (tag.tag === 'link') return <link key={key} {...props} />
        // JSON-LD is raw text: as text it would be entity-encoded ('"' → '&quot;') and no longer JSON.
        if (tag.tag === 'script' && isHeadTag(tag) && typeof tag.children === 'string')
          return (
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the router wrote this JSON with '<', '>' and '&' as \u escapes (router-core's escapeHtml), so it cannot close the element.
            <script key={key} {...props} dangerouslySetInnerHTML={{ __html: tag.children }} />
          )
        return null
      })}
    </>
  )
}

/** One tag as a DOM element (text and attributes set through the DOM: nothing is parsed). */
function toElement(tag: HeadTag): Element | undefined {
  if (!isHeadTag(tag)) return undefined
  const element = document.createElement(tag.tag)
  for (const [name, value] of attributes(tag)) element.setAttribute(name, value)
  element.setAttribute(MARK, '')
  if (typeof tag.children === 'string') element.textContent = tag.children
  return element
}

/**
 * In the browser: after each navigation the head's tags become the new page's. The page the
 * Worker rendered already has them: nothing is touched then (no preload fetched twice).
 */
export function DocumentHead() {
  const tags = usePageTags()
  const wanted = JSON.stringify(tags)
  useEffect(() => {
    const next = (JSON.parse(wanted) as HeadTag[]).flatMap((tag) => toElement(tag) ?? [])
    const current = [...document.head.querySelectorAll(`[${MARK}]`)]
    const same =
      current.length === next.length && current.every((element, i) => next[i]?.isEqualNode(element))
    if (same) return
    for (const element of current) element.remove()
    // The SPA shell's own title (index.html) gives way to the page's.
    if (next.some((element) => element.localName === 'title')) {
      for (const title of document.head.querySelectorAll('title')) title.remove()
    }
    document.head.append(...next)
  }, [wanted])
  return null
}
