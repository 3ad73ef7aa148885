/**
 * Input patterns shared by the contracts, the domain's rules and the web's forms. No zod here:
 * the contact form checks fields in the browser without loading it.
 */

/** An address in a URL (a course's, a call's): lowercase letters without accents and digits, in words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * 'Folder Acesso Vascular 2027' → 'folder-acesso-vascular-2027', at most `max` characters: a short
 * link's code, a course's url, a downloaded file's name (never ending in a hyphen). Empty when nothing of `text` is a letter or digit.
 */
export function slugify(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '')
}

/** SPEC section 5: optional parentheses, area code not starting with 0, 4 or 5 digits, separator, 4 digits. */
export const PHONE_PATTERN = /^\(?[1-9]\d\)?\s?\d{4,5}[-\s]?\d{4}$/

/**
 * Letters of the Latin alphabets, accented ones included, as a plain character class: JSON Schema
 * validators read the same pattern the API applies (`\p{L}` needs a regex flag they do not take).
 */
export const NAME_LETTERS = 'A-Za-zÀ-ÖØ-öø-ɏḀ-ỿ'

/**
 * What a person's name never holds (issue 39): line breaks, control characters and the bidi
 * overrides that reorder text. A name is printed on signed certificates and in e-mails as one line.
 */
export const NAME_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u

/** A name given by an identity provider, made one plain line: forbidden characters out, spaces collapsed. */
export function plainName(name: string): string {
  return name.replace(new RegExp(NAME_FORBIDDEN.source, 'gu'), ' ').replace(/\s+/g, ' ').trim()
}
