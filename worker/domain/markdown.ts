/**
 * The simple markdown of institute pages, course descriptions and editais (rendered by the web's
 * `Markdown` component): '##'/'###' headings, paragraphs, '-' and '1.' lists, **bold**,
 * [links](url) and bare e-mail addresses. The parsing lives here so that the Worker knows which
 * texts a page shows (`markdownTexts`: what the translation service may be asked for).
 */

export type Block =
  | { kind: 'heading'; level: 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }

const HEADING = /^(#{1,6})\s+(.*)$/
const BULLET = /^\s*[-*]\s+(.*)$/
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/

/** Lines → blocks. A blank line ends a paragraph or a list; headings are one line. */
export function parseBlocks(source: string): Block[] {
  const blocks: Block[] = []
  let paragraph: string[] = []
  let list: { ordered: boolean; items: string[] } | null = null

  const flush = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') })
    if (list) blocks.push({ kind: 'list', ...list })
    paragraph = []
    list = null
  }

  for (const raw of source.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim()
    if (line === '') {
      flush()
      continue
    }
    const heading = HEADING.exec(line)
    if (heading) {
      flush()
      // '#' and '##' are section headings under the page's own h1.
      blocks.push({ kind: 'heading', level: heading[1]!.length <= 2 ? 2 : 3, text: heading[2]!.trim() })
      continue
    }
    const bullet = BULLET.exec(raw)
    const numbered = bullet ? null : NUMBERED.exec(raw)
    const item = bullet ?? numbered
    if (item) {
      const ordered = numbered !== null
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush()
      list ??= { ordered, items: [] }
      list.items.push(item[1]!.trim())
      continue
    }
    if (list) {
      // A line right under a list item continues it.
      const last = list.items.length - 1
      list.items[last] = `${list.items[last]} ${line}`
      continue
    }
    paragraph.push(line)
  }
  flush()
  return blocks
}

// **bold**, [text](url) and bare e-mail addresses (the seeds write contacts as plain text).
export const INLINE = /\*\*(.+?)\*\*|\[([^\]]+)\]\(\s*([^)\s]+)\s*\)|([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g

/** The pieces of text one line of inline markdown renders, one per text node. */
function inlineTexts(text: string): string[] {
  const pieces: string[] = []
  let last = 0
  for (const match of text.matchAll(INLINE)) {
    if (match.index > last) pieces.push(text.slice(last, match.index))
    const [whole, bold, label, , email] = match
    if (bold !== undefined) pieces.push(...inlineTexts(bold))
    else if (label !== undefined) pieces.push(...inlineTexts(label))
    else pieces.push(email ?? whole)
    last = match.index + whole.length
  }
  if (last < text.length) pieces.push(text.slice(last))
  return pieces
}

/** Every text node the `Markdown` component writes for `source` (tests/web/markdown.test.tsx). */
export function markdownTexts(source: string): string[] {
  return parseBlocks(source).flatMap((block) =>
    block.kind === 'list' ? block.items.flatMap(inlineTexts) : inlineTexts(block.text),
  )
}
