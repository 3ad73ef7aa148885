/**
 * Text travels to the translation service as HTML (SPEC section 7: `format: html`), so what looks
 * like markup in a message stays text, and line breaks survive as <br>.
 */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' }

export function textToHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]!).replace(/\r?\n/g, '<br>')
}

/** The service's answer back to text: <br> to line breaks, other tags dropped, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
      if (body[0] === '#') {
        const code =
          body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1))
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity
      }
      return NAMED[body.toLowerCase()] ?? entity
    })
}

/**
 * A text as the translation service and its cache see it: Unicode NFC, runs of white space as one
 * space, no space at either end. The page translator sends text nodes as they are; texts that
 * differ only in spacing or composition are one text, translated (and paid for) once.
 */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim()
}

/** The 422 of POST /api/translate when no text asked for is one the site itself shows. */
export const NOT_A_SITE_TEXT =
  'Só traduzimos textos publicados no site (cursos, produtos, páginas, editais, programação).'

/**
 * Pages whose text is personal (the student's and the admin's areas, the cart, the checkout, an
 * order, the account's links): never sent to a translation service, by our page translator
 * (`translate="no"`) or by the browser's own.
 */
export const PERSONAL_PAGES = /^\/(usuario|admin|carrinho-de-compras|checkout|pedido|senha|conta)(\/|$)/

export const isPersonalPage = (path: string) => PERSONAL_PAGES.test(path)
