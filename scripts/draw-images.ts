/**
 * Draws the site's SVG pictures (logo, hero, defaults and one picture per seeded slider entry or
 * e-book cover) under web/public/img/. Run with `npx node scripts/draw-images.ts`; the output is
 * committed, so the site needs nothing at run time.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { INSTITUTE } from '../worker/domain/institute.ts'

const OUT = join(import.meta.dirname, '..', 'web', 'public', 'img')
const MAX_BYTES = 6 * 1024
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif"

// ── SVG building blocks ─────────────────────────────────────────────────────

function esc(text: string) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** One decimal is plenty at these sizes and keeps the files small. */
function n(value: number) {
  return String(Math.round(value * 10) / 10)
}

type SvgOptions = { width: number; height: number; title: string; defs?: string; body: string }

function svg({ width, height, title, defs = '', body }: SvgOptions) {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(title)}">`,
    `<title>${esc(title)}</title>`,
    `<style>text{font-family:${FONT}}</style>`,
    defs ? `<defs>${defs}</defs>` : '',
    body,
    '</svg>\n',
  ].join('')
}

function linear(id: string, from: string, to: string, angle: 'down' | 'diagonal' | 'across' = 'diagonal') {
  const end = { down: 'x2="0" y2="1"', diagonal: 'x2="1" y2="1"', across: 'x2="1" y2="0"' }[angle]
  return `<linearGradient id="${id}" x1="0" y1="0" ${end}><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
}

function radial(id: string, color: string, opacity: number) {
  return `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`
}

type TextOptions = {
  x: number
  y: number
  size: number
  fill: string
  weight?: number
  anchor?: 'start' | 'middle' | 'end'
  spacing?: number
  opacity?: number
  /** Squeezes the text into this width whatever the local font (the logo must not overflow). */
  fitWidth?: number
}

function text(content: string, o: TextOptions) {
  const attrs = [
    `x="${n(o.x)}"`,
    `y="${n(o.y)}"`,
    `font-size="${o.size}"`,
    `fill="${o.fill}"`,
    o.weight ? `font-weight="${o.weight}"` : '',
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.spacing ? `letter-spacing="${o.spacing}"` : '',
    o.opacity !== undefined ? `opacity="${o.opacity}"` : '',
    o.fitWidth ? `textLength="${o.fitWidth}" lengthAdjust="spacingAndGlyphs"` : '',
  ]
  return `<text ${attrs.filter(Boolean).join(' ')}>${esc(content)}</text>`
}

/** Greedy word wrap by character count: good enough for short titles in a known font size. */
function wrap(content: string, maxChars: number, maxLines = 3) {
  const lines: string[] = []
  let line = ''
  for (const word of content.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word
    if (candidate.length > maxChars && line) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines)
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`
    return kept
  }
  return lines
}

function textBlock(lines: string[], o: TextOptions & { lineHeight: number }) {
  return lines.map((line, i) => text(line, { ...o, y: o.y + i * o.lineHeight })).join('')
}

/** Places a motif drawn around (0,0) in a ~100-unit box. */
function place(content: string, x: number, y: number, scale: number, rotate = 0) {
  const r = rotate ? ` rotate(${rotate})` : ''
  return `<g transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})${r}">${content}</g>`
}

// ── Motifs (each centred on 0,0, about 100 units across) ─────────────────────

type Ink = { main: string; accent: string; soft: string }

const KIDNEY_PATH =
  'M0-62C-36-62-48-30-46 0S-34 62 0 62C24 62 36 42 31 26 28 16 20 12 20 0S28-16 31-26C36-42 24-62 0-62Z'

function kidney(ink: Ink) {
  return (
    `<path d="${KIDNEY_PATH}" fill="${ink.main}"/>` +
    `<path d="M20-7C10-18-10-16-10 0S10 18 20 7Z" fill="${ink.soft}"/>` +
    `<path d="M18 5C30 10 36 26 36 58M18-4C30-8 40-6 54-14" stroke="${ink.accent}" stroke-width="6" fill="none" stroke-linecap="round"/>`
  )
}

const motifs = {
  kidney,
  kidneys: (ink: Ink) =>
    `${place(kidney(ink), -34, 0, 0.62)}<g transform="translate(34 0) scale(-0.62 0.62)">${kidney(ink)}</g>`,
  droplet: (ink: Ink) =>
    `<path d="M0-44C14-24 30-8 30 10A30 30 0 0 1-30 10C-30-8-14-24 0-44Z" fill="${ink.main}"/>` +
    `<path d="M-14 6A16 16 0 0 0-2 24" stroke="${ink.soft}" stroke-width="5" fill="none" stroke-linecap="round"/>`,
  microscope: (ink: Ink) =>
    `<g fill="${ink.main}"><rect x="-44" y="40" width="88" height="10" rx="5"/>` +
    `<rect x="-30" y="10" width="44" height="7" rx="3"/>` +
    `<rect x="-16" y="-58" width="18" height="62" rx="5" transform="rotate(-28)"/>` +
    `<rect x="-36" y="-72" width="22" height="10" rx="3" transform="rotate(-28)"/></g>` +
    `<path d="M18 40V22C40 4 36-30 6-42" stroke="${ink.main}" stroke-width="11" fill="none" stroke-linecap="round"/>` +
    `<circle cx="-8" cy="14" r="5" fill="${ink.accent}"/>`,
  book: (ink: Ink) =>
    `<path d="M0-22C-18-34-42-34-60-28V32C-42 26-18 26 0 38Z" fill="${ink.main}"/>` +
    `<path d="M0-22C18-34 42-34 60-28V32C42 26 18 26 0 38Z" fill="${ink.soft}"/>` +
    `<path d="M-48-14C-36-18-22-18-12-12M-48 0C-36-4-22-4-12 2M-48 14C-36 10-22 10-12 16M12-12C22-18 36-18 48-14M12 2C22-4 36-4 48 0" stroke="${ink.accent}" stroke-width="3" fill="none" stroke-linecap="round"/>`,
  stethoscope: (ink: Ink) =>
    `<path d="M-30-56V-24C-30 8 30 8 30-24V-56M0 4V24C0 52 44 54 44 22" stroke="${ink.main}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<circle cx="44" cy="12" r="14" fill="${ink.accent}"/><circle cx="44" cy="12" r="6" fill="${ink.soft}"/>` +
    `<circle cx="-30" cy="-58" r="5" fill="${ink.main}"/><circle cx="30" cy="-58" r="5" fill="${ink.main}"/>`,
  ultrasound: (ink: Ink) =>
    `<path d="M0-8L-56 70A92 92 0 0 0 56 70Z" fill="${ink.soft}"/>` +
    `<path d="M-28 40A50 50 0 0 0 28 40M-40 56A70 70 0 0 0 40 56" stroke="${ink.accent}" stroke-width="3" fill="none"/>` +
    `<path d="M-16-60H16V-22C16-12 10-6 0-6S-16-12-16-22Z" fill="${ink.main}"/>` +
    `<rect x="-6" y="-72" width="12" height="14" rx="3" fill="${ink.main}"/>`,
  catheter: (ink: Ink) =>
    `<path d="M-60 40C-30 40-20-10 10-20S50-40 60-60" stroke="#e85d75" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<path d="M-60 56C-24 56-10 4 18-6S56-24 68-46" stroke="#5b8def" stroke-width="8" fill="none" stroke-linecap="round"/>` +
    `<rect x="-74" y="30" width="22" height="36" rx="6" fill="${ink.main}"/>` +
    `<circle cx="-63" cy="40" r="4" fill="${ink.soft}"/><circle cx="-63" cy="56" r="4" fill="${ink.soft}"/>`,
  fistula: (ink: Ink) =>
    `<path d="M-70 20C-30 20-10 10 0 0" stroke="#e85d75" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M0 0C20-20 40-30 70-30M0 0C24 10 46 24 70 50" stroke="#5b8def" stroke-width="12" fill="none" stroke-linecap="round"/>` +
    `<circle cx="0" cy="0" r="10" fill="${ink.accent}"/>` +
    `<path d="M-40-40L-12-12" stroke="${ink.main}" stroke-width="4" stroke-linecap="round"/><circle cx="-44" cy="-44" r="7" fill="${ink.main}"/>`,
  needle: (ink: Ink) =>
    `<g transform="rotate(-35)"><rect x="-50" y="-12" width="64" height="24" rx="4" fill="${ink.soft}"/>` +
    `<rect x="-20" y="-12" width="34" height="24" rx="2" fill="${ink.accent}" opacity=".6"/>` +
    `<path d="M-50 0H-70M-70-14V14M14 0H64" stroke="${ink.main}" stroke-width="5" stroke-linecap="round"/></g>`,
  flask: (ink: Ink) =>
    `<path d="M-10-50H10M-6-50V-12L-34 36Q-38 46-28 46H28Q38 46 34 36L6-12V-50" stroke="${ink.main}" stroke-width="6" fill="none" stroke-linejoin="round"/>` +
    `<path d="M-22 16H22L31 36Q34 42 26 42H-26Q-34 42-31 36Z" fill="${ink.accent}"/>` +
    `<circle cx="-6" cy="28" r="4" fill="${ink.soft}"/><circle cx="8" cy="20" r="3" fill="${ink.soft}"/>`,
  apple: (ink: Ink) =>
    `<path d="M0-24C-20-40-54-30-50 6-46 40-22 56 0 44 22 56 46 40 50 6 54-30 20-40 0-24Z" fill="${ink.main}"/>` +
    `<path d="M0-24C0-36 4-46 10-52" stroke="${ink.accent}" stroke-width="5" fill="none" stroke-linecap="round"/>` +
    `<path d="M6-40C16-58 36-56 40-50 30-38 16-36 6-40Z" fill="${ink.accent}"/>`,
  heart: (ink: Ink) =>
    `<path d="M0 40C-52 6-40-44 0-20 40-44 52 6 0 40Z" fill="${ink.main}"/>` +
    `<path d="M-40 0H-18L-10-16 0 18 8-6H40" stroke="${ink.soft}" stroke-width="5" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  clipboard: (ink: Ink) =>
    `<rect x="-38" y="-48" width="76" height="100" rx="8" fill="${ink.soft}"/>` +
    `<rect x="-16" y="-56" width="32" height="16" rx="5" fill="${ink.main}"/>` +
    `<path d="M-22-18H22M-22 0H22M-22 18H6" stroke="${ink.main}" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M4 32L14 42 32 22" stroke="${ink.accent}" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  machine: (ink: Ink) =>
    `<rect x="-36" y="-56" width="72" height="108" rx="8" fill="${ink.main}"/>` +
    `<rect x="-26" y="-46" width="52" height="30" rx="4" fill="${ink.soft}"/>` +
    `<path d="M-20-30H-8L-4-38 2-22 6-30H20" stroke="${ink.accent}" stroke-width="3" fill="none"/>` +
    `<circle cx="-12" cy="8" r="10" fill="${ink.soft}"/><circle cx="14" cy="8" r="10" fill="${ink.soft}"/>` +
    `<path d="M36-20C60-20 60 30 40 40" stroke="#e85d75" stroke-width="5" fill="none"/>`,
  cap: (ink: Ink) =>
    `<path d="M0-36L64-8 0 20-64-8Z" fill="${ink.main}"/>` +
    `<path d="M-36 6V32C-20 46 20 46 36 32V6L0 22Z" fill="${ink.soft}"/>` +
    `<path d="M50-2V34" stroke="${ink.accent}" stroke-width="4"/><circle cx="50" cy="38" r="6" fill="${ink.accent}"/>`,
  box: (ink: Ink) =>
    `<path d="M-56-20L0-44 56-20 0 4Z" fill="${ink.soft}"/>` +
    `<path d="M-56-20V40L0 64V4Z" fill="${ink.main}"/><path d="M56-20V40L0 64V4Z" fill="${ink.accent}"/>` +
    `<path d="M-34 18H-18M-26 10V26" stroke="${ink.soft}" stroke-width="5" stroke-linecap="round"/>`,
  pad: (ink: Ink) =>
    `<rect x="-66" y="-40" width="132" height="80" rx="16" fill="${ink.soft}"/>` +
    `<path d="M-60-10C-20-22 20 4 60-12" stroke="#5b8def" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<path d="M-60 16C-20 6 20 26 60 14" stroke="#e85d75" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<path d="M-30-52L-6-14M10-52L28-16" stroke="${ink.main}" stroke-width="4" stroke-linecap="round"/>`,
} satisfies Record<string, (ink: Ink) => string>

type Motif = keyof typeof motifs

/** A heartbeat trace whose middle is a stethoscope-like curve; spans `width` at height `y`. */
function pulseLine(width: number, y: number, color: string, opacity = 0.35) {
  const m = width * 0.55
  const d = `M0 ${y}H${n(m - 60)}l14-30 16 64 14-48 10 14H${n(m + 40)}C${n(m + 120)} ${y} ${n(m + 140)} ${y - 50} ${n(m + 220)} ${y - 50}S${width} ${y} ${width} ${y}`
  return `<path d="${d}" stroke="${color}" stroke-width="3" fill="none" opacity="${opacity}" stroke-linejoin="round"/>`
}

function bubbles(width: number, height: number, seed: number) {
  const spots = [
    [0.08, 0.18, 0.22],
    [0.92, 0.12, 0.3],
    [0.78, 0.92, 0.26],
    [0.35, 0.95, 0.14],
  ]
  return spots
    .map(([x = 0, y = 0, r = 0], i) => {
      const jitter = ((seed * 7 + i * 13) % 10) / 100
      return `<circle cx="${n((x + jitter) * width)}" cy="${n(y * height)}" r="${n(r * Math.min(width, height) * 1.4)}" fill="#fff" opacity=".07"/>`
    })
    .join('')
}

// ── Palettes ─────────────────────────────────────────────────────────────────

type Palette = { from: string; to: string; ink: Ink; label: string }

const WHITE_INK: Ink = { main: '#ffffff', accent: '#7dd3fc', soft: '#ccfbf1' }

const PALETTES = {
  online: { from: '#0f766e', to: '#1e40af', ink: WHITE_INK, label: 'CURSO ONLINE' },
  presencial: {
    from: '#1e3a8a',
    to: '#0e7490',
    ink: { main: '#ffffff', accent: '#fcd34d', soft: '#bae6fd' },
    label: 'CURSO PRESENCIAL · CURITIBA',
  },
  'nefrologia-intervencionista': {
    from: '#134e4a',
    to: '#155e75',
    ink: { main: '#ffffff', accent: '#fdba74', soft: '#99f6e4' },
    label: 'NEFROLOGIA INTERVENCIONISTA',
  },
} satisfies Record<string, Palette>

const COLOR_INK: Ink = { main: '#0f766e', accent: '#f59e0b', soft: '#99f6e4' }

// ── Pictures ─────────────────────────────────────────────────────────────────

const LOGO_MARK = (main: string, accent: string) =>
  `<g transform="translate(24 28) scale(.38)"><path d="${KIDNEY_PATH}" fill="${main}"/>` +
  `<path d="M20-7C10-18-10-16-10 0S10 18 20 7Z" fill="${accent}"/></g>` +
  `<path d="M45 8C50 14 51 17 51 20A5 5 0 0 1 41 20C41 17 42 14 45 8Z" fill="${accent}"/>`

function logo(dark: boolean) {
  const [main, accent, name, tag] = dark
    ? ['#ffffff', '#5eead4', '#ffffff', '#ccfbf1']
    : ['#0f766e', '#0ea5e9', '#0b3b4a', '#0f766e']
  return svg({
    width: 220,
    height: 56,
    title: INSTITUTE.name,
    body:
      LOGO_MARK(main, accent) +
      text('Instituto Renalis', { x: 56, y: 29, size: 17.5, weight: 700, fill: name, fitWidth: 160 }) +
      text('ENSINO E PESQUISA EM NEFROLOGIA', { x: 57, y: 44, size: 7.5, fill: tag, fitWidth: 158 }),
  })
}

function favicon() {
  return svg({
    width: 64,
    height: 64,
    title: INSTITUTE.name,
    defs: linear('f', '#0f766e', '#1d4ed8'),
    body:
      '<rect width="64" height="64" rx="14" fill="url(#f)"/>' +
      `<g transform="translate(30 32) scale(.42)"><path d="${KIDNEY_PATH}" fill="#fff"/>` +
      '<path d="M20-7C10-18-10-16-10 0S10 18 20 7Z" fill="#5eead4"/></g>',
  })
}

function hero() {
  const w = 1440
  const h = 480
  return svg({
    width: w,
    height: h,
    title: 'Cursos do Instituto Renalis: ensino em nefrologia',
    defs: linear('bg', '#0f766e', '#1e40af') + radial('glow', '#5eead4', 0.45),
    body:
      `<rect width="${w}" height="${h}" fill="url(#bg)"/>` +
      `<circle cx="1080" cy="230" r="330" fill="url(#glow)"/>` +
      bubbles(w, h, 3) +
      `<path d="M0 400C240 350 420 460 720 410S1200 340 1440 390V480H0Z" fill="#fff" opacity=".08"/>` +
      pulseLine(w, 440, '#ccfbf1', 0.3) +
      place(motifs.kidneys(WHITE_INK), 1080, 220, 2.1) +
      place(motifs.microscope(WHITE_INK), 1340, 330, 0.9) +
      place(motifs.book(WHITE_INK), 1190, 420, 0.6) +
      place(motifs.droplet(WHITE_INK), 1300, 110, 0.55) +
      place(motifs.droplet(WHITE_INK), 880, 120, 0.35) +
      text('INSTITUTO RENALIS', { x: 96, y: 170, size: 22, weight: 600, fill: '#99f6e4', spacing: 4 }) +
      text('Aprender nefrologia,', { x: 96, y: 238, size: 56, weight: 700, fill: '#fff' }) +
      text('cuidar melhor.', { x: 96, y: 304, size: 56, weight: 700, fill: '#fff' }) +
      text('Cursos online, presenciais e de nefrologia intervencionista em Curitiba', {
        x: 96,
        y: 356,
        size: 22,
        fill: '#e0f2fe',
      }),
  })
}

function defaultPicture(kind: 'course' | 'product') {
  const title = kind === 'course' ? 'Imagem do curso indisponível' : 'Imagem do produto indisponível'
  const motif = kind === 'course' ? motifs.book(COLOR_INK) : motifs.box(COLOR_INK)
  return svg({
    width: 800,
    height: 500,
    title,
    defs: linear('bg', '#f0fdfa', '#e0f2fe'),
    body:
      '<rect width="800" height="500" fill="url(#bg)"/>' +
      '<circle cx="400" cy="220" r="130" fill="#ccfbf1" opacity=".6"/>' +
      place(motif, 400, 215, 1.5) +
      place(motifs.droplet(COLOR_INK), 540, 120, 0.3) +
      text(INSTITUTE.name, { x: 400, y: 420, size: 28, weight: 700, fill: '#0f766e', anchor: 'middle' }),
  })
}

function defaultUser() {
  return svg({
    width: 256,
    height: 256,
    title: 'Foto do usuário',
    defs: linear('bg', '#ccfbf1', '#bfdbfe'),
    body:
      '<rect width="256" height="256" rx="128" fill="url(#bg)"/>' +
      '<circle cx="128" cy="100" r="46" fill="#0f766e" opacity=".75"/>' +
      '<path d="M44 218C56 168 92 150 128 150S200 168 212 218A128 128 0 0 1 44 218Z" fill="#0f766e" opacity=".75"/>',
  })
}

type CoursePicture = { title: string; section: keyof typeof PALETTES; motifs: Motif[] }

const COURSE_TAGLINES = ['', 'Conteúdo programático completo', 'Prática com especialistas']

function coursePicture({ title, section, motifs: chosen }: CoursePicture, variant: number) {
  const palette = PALETTES[section]
  const main = chosen[variant % chosen.length] ?? 'kidney'
  const second = chosen[(variant + 1) % chosen.length] ?? 'droplet'
  const flip = variant % 2 === 1
  const lines = wrap(title, 22)
  const top = 250 - (lines.length * 46) / 2 + 20
  const tagline = COURSE_TAGLINES[variant % COURSE_TAGLINES.length] || palette.label
  return svg({
    width: 800,
    height: 500,
    title: `${title} – Instituto Renalis`,
    defs:
      linear('bg', flip ? palette.to : palette.from, flip ? palette.from : palette.to) +
      radial('g', '#fff', 0.22),
    body:
      '<rect width="800" height="500" fill="url(#bg)"/>' +
      bubbles(800, 500, variant + title.length) +
      `<circle cx="610" cy="240" r="190" fill="url(#g)"/>` +
      pulseLine(800, 440, palette.ink.soft, 0.3) +
      place(motifs[main](palette.ink), 610, 230, 2) +
      place(motifs[second](palette.ink), 720, 92, 0.55, flip ? -12 : 12) +
      place(motifs.droplet(palette.ink), 470, 110, 0.3) +
      text(variant === 0 ? palette.label : tagline, {
        x: 56,
        y: top - 40,
        size: 16,
        weight: 600,
        fill: palette.ink.soft,
        spacing: 2,
      }) +
      textBlock(lines, { x: 56, y: top, size: 38, weight: 700, fill: '#fff', lineHeight: 46 }) +
      text(INSTITUTE.name, { x: 56, y: 456, size: 18, weight: 600, fill: '#fff', opacity: 0.85 }),
  })
}

type ProductPicture = { title: string; motif: Motif }

function productPicture({ title, motif }: ProductPicture, variant: number) {
  const backgrounds = [
    ['#f0fdfa', '#e0f2fe'],
    ['#ecfeff', '#f0f9ff'],
    ['#f8fafc', '#ccfbf1'],
  ] as const
  const [from, to] = backgrounds[variant % backgrounds.length] ?? backgrounds[0]
  const lines = wrap(title, 30, 2)
  return svg({
    width: 800,
    height: 800,
    title: `${title} – Instituto Renalis`,
    defs: linear('bg', from, to, 'down') + radial('g', '#5eead4', 0.35),
    body:
      '<rect width="800" height="800" fill="url(#bg)"/>' +
      '<ellipse cx="400" cy="560" rx="230" ry="34" fill="#0f766e" opacity=".12"/>' +
      '<circle cx="400" cy="340" r="260" fill="url(#g)"/>' +
      place(motifs[motif](COLOR_INK), 400, 340, variant === 1 ? 3 : 3.4, variant === 2 ? -10 : 0) +
      place(motifs.droplet(COLOR_INK), 640, 140, 0.45) +
      '<rect y="640" width="800" height="160" fill="#0f766e"/>' +
      textBlock(lines, {
        x: 400,
        y: 702,
        size: 34,
        weight: 700,
        fill: '#fff',
        anchor: 'middle',
        lineHeight: 42,
      }) +
      (lines.length < 2
        ? text(INSTITUTE.name, { x: 400, y: 752, size: 22, fill: '#ccfbf1', anchor: 'middle' })
        : ''),
  })
}

type EbookTone = 'teal' | 'blue' | 'green'
type EbookCover = { title: string; motif: Motif; tone: EbookTone }

function ebookCover({ title, motif, tone }: EbookCover) {
  const tones = {
    teal: ['#0f766e', '#134e4a'],
    blue: ['#1d4ed8', '#1e3a8a'],
    green: ['#15803d', '#115e59'],
  } as const
  const [from, to] = tones[tone]
  const lines = wrap(title, 18, 5)
  return svg({
    width: 600,
    height: 800,
    title: `Capa do e-book ${title}`,
    defs: linear('bg', from, to, 'down') + radial('g', '#fff', 0.2),
    body:
      '<rect width="600" height="800" fill="url(#bg)"/>' +
      '<rect x="0" y="0" width="18" height="800" fill="#000" opacity=".18"/>' +
      bubbles(600, 800, title.length) +
      text('E-BOOK', { x: 60, y: 90, size: 20, weight: 700, fill: '#99f6e4', spacing: 6 }) +
      '<circle cx="300" cy="290" r="170" fill="url(#g)"/>' +
      place(motifs[motif](WHITE_INK), 300, 290, 2.2) +
      textBlock(lines, { x: 60, y: 520, size: 40, weight: 700, fill: '#fff', lineHeight: 48 }) +
      '<path d="M60 740H540" stroke="#99f6e4" stroke-width="2" opacity=".6"/>' +
      text(INSTITUTE.name, { x: 60, y: 772, size: 20, weight: 600, fill: '#fff' }),
  })
}

// ── What to draw for each seeded course, product and e-book ─────────────────

/** Motifs per course url (first is the main one of slide 1) and a shorter title when the name is long. */
const COURSE_ART: Record<string, { motifs: Motif[]; title?: string }> = {
  'hemodialise-para-enfermagem': { motifs: ['machine', 'droplet', 'stethoscope'] },
  'doenca-renal-cronica-na-atencao-primaria': { motifs: ['kidney', 'stethoscope'] },
  'nutricao-renal-na-pratica-clinica': { motifs: ['apple', 'kidney'] },
  'lesao-renal-aguda-na-uti': {
    motifs: ['heart', 'machine', 'kidneys'],
    title: 'Lesão Renal Aguda e TRS na UTI',
  },
  'pesquisa-clinica-e-boas-praticas-clinicas': {
    motifs: ['clipboard', 'flask'],
    title: 'Pesquisa Clínica e Boas Práticas Clínicas',
  },
  'nefropediatria-essencial': { motifs: ['heart', 'kidney'] },
  'hemodialise-avancada': { motifs: ['machine', 'kidneys', 'droplet'] },
  'dialise-peritoneal': { motifs: ['droplet', 'kidney'], title: 'Diálise Peritoneal' },
  'transplante-renal': { motifs: ['kidneys', 'heart'], title: 'Transplante Renal' },
  'ultrassom-point-of-care-em-nefrologia': {
    motifs: ['ultrasound', 'kidney', 'stethoscope'],
    title: 'Ultrassom POCUS em Nefrologia',
  },
  'imersao-em-nefrologia-para-residentes': { motifs: ['cap', 'book'] },
  'acesso-vascular-para-hemodialise': { motifs: ['fistula', 'ultrasound', 'needle'] },
  'fistula-arteriovenosa': { motifs: ['fistula', 'needle'], title: 'Fístula Arteriovenosa' },
  'cateteres-para-hemodialise': { motifs: ['catheter', 'ultrasound'], title: 'Cateteres para Hemodiálise' },
  'biopsia-renal-guiada-por-ultrassom': {
    motifs: ['ultrasound', 'kidney'],
    title: 'Biópsia Renal Guiada por Ultrassom',
  },
}

const SECTION_MOTIFS: Record<keyof typeof PALETTES, Motif[]> = {
  online: ['book', 'kidney'],
  presencial: ['microscope', 'kidneys'],
  'nefrologia-intervencionista': ['ultrasound', 'needle'],
}

/** Keyed by the product's slider name without its trailing number. */
const PRODUCT_ART: Record<string, { motif: Motif; title?: string }> = {
  'simulador-puncao-fistula': { motif: 'pad', title: 'Simulador de Punção de FAV' },
  'modelo-anatomico-rim': { motif: 'kidney' },
  'manual-pratico-hemodialise': { motif: 'book', title: 'Manual Prático de Hemodiálise' },
  'kit-cuidados-cateter': { motif: 'catheter', title: 'Kit Cuidados com Cateter' },
}

const EBOOK_ART: Record<string, { motif: Motif; tone: EbookTone }> = {
  'guia-hemodialise-enfermagem': { motif: 'machine', tone: 'teal' },
  'drc-atencao-primaria': { motif: 'stethoscope', tone: 'blue' },
  'cardapios-fosforo-drc': { motif: 'apple', tone: 'green' },
  'protocolos-lra-uti': { motif: 'heart', tone: 'blue' },
  'manual-boas-praticas-clinicas': { motif: 'clipboard', tone: 'teal' },
  'atlas-acesso-vascular': { motif: 'fistula', tone: 'green' },
}

type Catalog = {
  courses: { url: string; name: string; section: keyof typeof PALETTES; slider: [string, string][] }[]
  products: { name: string; slider: [string, string][] }[]
  ebooks: { title: string; coverImg: string }[]
}

/** Every file to write, keyed by its path under web/public/img/. */
export function drawAll(catalog: Catalog) {
  const files = new Map<string, string>([
    ['logo.svg', logo(false)],
    ['logo-white.svg', logo(true)],
    ['favicon.svg', favicon()],
    ['hero-cursos.svg', hero()],
    ['default-course.svg', defaultPicture('course')],
    ['default-product.svg', defaultPicture('product')],
    ['default-user.svg', defaultUser()],
  ])
  for (const course of catalog.courses) {
    const art = COURSE_ART[course.url]
    const picture = {
      title: art?.title ?? course.name,
      section: course.section,
      motifs: art?.motifs ?? SECTION_MOTIFS[course.section],
    }
    course.slider.forEach(([name, extension], i) => {
      files.set(`cursos/${name}.${extension}`, coursePicture(picture, i))
    })
  }
  for (const product of catalog.products) {
    product.slider.forEach(([name, extension], i) => {
      const art = PRODUCT_ART[name.replace(/-\d+$/, '')]
      const picture = { title: art?.title ?? product.name, motif: art?.motif ?? 'box' }
      files.set(`produtos/${name}.${extension}`, productPicture(picture, i))
    })
  }
  for (const ebook of catalog.ebooks) {
    const path = ebook.coverImg.replace(/^\/img\//, '')
    const name = path.replace(/^ebooks\//, '').replace(/\.svg$/, '')
    const art = EBOOK_ART[name] ?? { motif: 'book', tone: 'teal' }
    files.set(path, ebookCover({ title: ebook.title, ...art }))
  }
  return files
}

async function main() {
  const { COURSE_ROWS, PRODUCT_ROWS, EBOOK_ROWS } = await import('../db/seed-data/catalog.ts')
  const files = drawAll({
    courses: COURSE_ROWS.map((c) => ({
      url: c.url,
      name: c.name,
      section: c.section,
      slider: c.slider ?? [],
    })),
    products: PRODUCT_ROWS,
    ebooks: EBOOK_ROWS,
  })
  // Course, product and e-book folders are wholly generated: stale pictures go away.
  for (const folder of ['cursos', 'produtos', 'ebooks'])
    await rm(join(OUT, folder), { recursive: true, force: true })
  let total = 0
  for (const [path, content] of files) {
    const bytes = Buffer.byteLength(content)
    if (bytes > MAX_BYTES) throw new Error(`${path} tem ${bytes} bytes (limite ${MAX_BYTES})`)
    const target = join(OUT, path)
    await mkdir(dirname(target), { recursive: true })
    await writeFile(target, content)
    total += bytes
  }
  console.log(`${files.size} imagens geradas em web/public/img (${(total / 1024).toFixed(1)} KB no total)`)
}

if (import.meta.main) await main()
