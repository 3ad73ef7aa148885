import { Fragment, type ReactNode } from 'react'
import { INLINE, parseBlocks } from '../../../../worker/domain/markdown.ts'
import { SmartLink } from '../../components/smart-link.tsx'

export { type Block, parseBlocks } from '../../../../worker/domain/markdown.ts'

/**
 * The simple markdown of institute pages, course descriptions and editais: '##'/'###' headings,
 * paragraphs, '-' and '1.' lists, **bold** and [links](url). It builds React elements, so any
 * HTML in the text shows as text; links keep only http(s), mailto and relative addresses.
 */

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:'])

/**
 * The address a link may point to, or null. Relative addresses stay in the site; absolute ones
 * must be http(s) or mailto. The URL parser drops the tabs and line breaks that could hide
 * 'javascript:' from a simple prefix check.
 */
export function safeHref(href: string): string | null {
  const trimmed = href.trim()
  if (trimmed === '') return null
  let url: URL
  try {
    url = new URL(trimmed, 'https://relativo.invalid/')
  } catch {
    return null
  }
  if (!SAFE_PROTOCOLS.has(url.protocol)) return null
  return trimmed
}

function renderInline(text: string, keyPrefix: string, allowLinks = true): ReactNode[] {
  const nodes: ReactNode[] = []
  let last = 0
  let index = 0
  for (const match of text.matchAll(INLINE)) {
    const start = match.index
    if (start > last) nodes.push(text.slice(last, start))
    const key = `${keyPrefix}-${index++}`
    const [whole, bold, label, href, email] = match
    if (bold !== undefined) {
      nodes.push(
        <strong key={key} className="font-semibold text-slate-900">
          {renderInline(bold, key, allowLinks)}
        </strong>,
      )
    } else if (label !== undefined && href !== undefined) {
      const safe = allowLinks ? safeHref(href) : null
      const children = renderInline(label, key, false)
      if (safe === null) nodes.push(<Fragment key={key}>{children}</Fragment>)
      else if (/^\/(?!\/)/.test(safe)) {
        // A path of this site: client-side navigation.
        nodes.push(
          <SmartLink key={key} href={safe} className="link">
            {children}
          </SmartLink>,
        )
      } else {
        nodes.push(
          <a key={key} href={safe} className="link">
            {children}
          </a>,
        )
      }
    } else if (email !== undefined) {
      nodes.push(
        allowLinks ? (
          <a key={key} href={`mailto:${email}`} className="link break-all">
            {email}
          </a>
        ) : (
          email
        ),
      )
    } else {
      nodes.push(whole)
    }
    last = start + whole.length
  }
  if (last < text.length) nodes.push(text.slice(last))
  return nodes
}

type MarkdownProps = {
  source: string
  /** 1 turns '##' into h3 and '###' into h4, for text under a section heading of its own. */
  headingOffset?: 0 | 1
  className?: string
}

export function Markdown({ source, headingOffset = 0, className = '' }: MarkdownProps) {
  const blocks = parseBlocks(source)
  return (
    <div className={`space-y-4 text-slate-700 leading-relaxed ${className}`}>
      {blocks.map((block, index) => {
        const key = `b${index}`
        if (block.kind === 'heading') {
          const level = block.level + headingOffset
          const Tag = level === 2 ? 'h2' : level === 3 ? 'h3' : 'h4'
          return (
            <Tag
              key={key}
              className={
                level === 2
                  ? 'pt-4 font-bold text-2xl text-slate-900'
                  : 'pt-2 font-semibold text-slate-900 text-xl'
              }
            >
              {renderInline(block.text, key)}
            </Tag>
          )
        }
        if (block.kind === 'list') {
          const List = block.ordered ? 'ol' : 'ul'
          return (
            <List
              key={key}
              className={`space-y-2 pl-6 ${block.ordered ? 'list-decimal' : 'list-disc'} marker:text-teal-700`}
            >
              {block.items.map((item, itemIndex) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: static text, items may repeat
                <li key={itemIndex}>{renderInline(item, `${key}-${itemIndex}`)}</li>
              ))}
            </List>
          )
        }
        return <p key={key}>{renderInline(block.text, key)}</p>
      })}
    </div>
  )
}
