// Where a certificate's texts go on its A4 landscape page (issue 39): the holder's name shrinks,
// then wraps, inside its area; the body wraps inside its box at the largest size that holds all of
// it; nothing runs past the page and nothing is cut. Pure: the PDF passes its fonts' measure.

export type CertificateFont = 'regular' | 'bold'
/** The width of `text` in points, drawn in `font` at `size`. */
export type Measure = (text: string, font: CertificateFont, size: number) => number

export const A4_LANDSCAPE = { width: 841.89, height: 595.28 } as const
/** The width every centred line may take (100 pt margins). */
export const TEXT_WIDTH = A4_LANDSCAPE.width - 200

const NAME = {
  /** The baseline of a name on one line. */
  baseline: A4_LANDSCAPE.height - 222,
  largest: 28,
  /** Below this a name wraps rather than shrinking further. */
  smallestOnOneLine: 18,
  largestWrapped: 22,
  smallestWrapped: 12,
  leading: 1.2,
} as const

const BODY = {
  /** Between the name's last baseline and the body's first. */
  gap: 40,
  largest: 15,
  smallest: 9,
  /** 22 pt between lines at 15 pt, as the page was first drawn. */
  leading: 22 / 15,
  /** The lowest baseline a body line may take: the facts line and the signature stay below it. */
  lowest: 236,
} as const

/** Between the body's last baseline and the facts line (hours, dates). */
const FACTS_GAP = 30

export type TextBlock = { lines: string[]; size: number; baselines: number[] }
export type CertificateLayout = {
  name: TextBlock
  body: TextBlock
  /** The facts line's baseline. */
  factsBaseline: number
  /** False when the body needed a size below the smallest to fit: a template too long (checked when saved). */
  fits: boolean
}

/** A word wider than `width` split into pieces that each fit (a long address, a name without spaces). */
function pieces(word: string, fits: (text: string) => boolean): string[] {
  if (fits(word)) return [word]
  const out: string[] = []
  let piece = ''
  for (const character of word) {
    if (piece && !fits(piece + character)) {
      out.push(piece)
      piece = character
    } else {
      piece += character
    }
  }
  if (piece) out.push(piece)
  return out
}

/** Words (and paragraphs) into lines no wider than `width` at `size`. */
export function wrapLines(
  text: string,
  measure: Measure,
  font: CertificateFont,
  size: number,
  width: number,
): string[] {
  const fits = (candidate: string) => measure(candidate, font, size) <= width
  const lines: string[] = []
  for (const paragraph of text.split(/\n+/)) {
    let line = ''
    for (const word of paragraph
      .split(/\s+/)
      .filter(Boolean)
      .flatMap((w) => pieces(w, fits))) {
      const next = line ? `${line} ${word}` : word
      if (line && !fits(next)) {
        lines.push(line)
        line = word
      } else {
        line = next
      }
    }
    if (line) lines.push(line)
  }
  return lines
}

const baselinesFrom = (first: number, count: number, step: number) =>
  Array.from({ length: count }, (_, i) => first - i * step)

/** Sizes from `largest` down to `smallest`, half a point apart. */
function* sizes(largest: number, smallest: number) {
  for (let size = largest; size >= smallest; size -= 0.5) yield size
}

/** The name: on one line, shrunk down to 18 pt; else on two lines (22 → 12 pt); else as many as it takes. */
function nameBlock(name: string, measure: Measure): TextBlock {
  for (const size of sizes(NAME.largest, NAME.smallestOnOneLine)) {
    if (measure(name, 'bold', size) <= TEXT_WIDTH) return { lines: [name], size, baselines: [NAME.baseline] }
  }
  let lines: string[] = []
  let chosen: number = NAME.smallestWrapped
  for (const size of sizes(NAME.largestWrapped, NAME.smallestWrapped)) {
    lines = wrapLines(name, measure, 'bold', size, TEXT_WIDTH)
    chosen = size
    if (lines.length <= 2) break
  }
  // Two lines sit a little higher than one, so the body keeps its place.
  const step = chosen * NAME.leading
  return { lines, size: chosen, baselines: baselinesFrom(NAME.baseline + step / 2, lines.length, step) }
}

/** Lays the certificate's name and body out; the facts line goes under the body. */
export function layoutCertificate(
  texts: { name: string; body: string },
  measure: Measure,
): CertificateLayout {
  const name = nameBlock(texts.name, measure)
  const top = (name.baselines.at(-1) ?? NAME.baseline) - BODY.gap
  const room = top - BODY.lowest
  let body: TextBlock | null = null
  let fits = false
  // Down to the smallest size it must fit; past it (a template saved before the check) it shrinks on, never cut.
  for (const size of sizes(BODY.largest, 4)) {
    const lines = wrapLines(texts.body, measure, 'regular', size, TEXT_WIDTH)
    const step = size * BODY.leading
    if ((lines.length - 1) * step <= room || size <= 4) {
      body = { lines, size, baselines: baselinesFrom(top, lines.length, step) }
      fits = size >= BODY.smallest
      break
    }
  }
  const laid = body ?? { lines: [], size: BODY.smallest, baselines: [] }
  return { name, body: laid, factsBaseline: (laid.baselines.at(-1) ?? top) - FACTS_GAP, fits }
}

/**
 * A short text in a narrow area (the signatory's name, their role): one line shrunk from `largest`
 * down to `smallest`, else wrapped into as few lines as it takes at `smallest`.
 */
export function fitBlock(
  text: string,
  measure: Measure,
  font: CertificateFont,
  { largest, smallest, width }: { largest: number; smallest: number; width: number },
): { lines: string[]; size: number } {
  for (const size of sizes(largest, smallest)) {
    if (measure(text, font, size) <= width) return { lines: [text], size }
  }
  return { lines: wrapLines(text, measure, font, smallest, width), size: smallest }
}

/** The longest name the rules allow (120 characters of wide letters): what a template is checked with. */
export const LONGEST_NAME = 'Maximiliano Wolfgang '.repeat(6).trim().slice(0, 120)
