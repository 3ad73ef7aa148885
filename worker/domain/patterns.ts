/**
 * Input patterns shared by the contracts, the domain's rules and the web's forms. No zod here:
 * the contact form checks fields in the browser without loading it.
 */

/** An address in a URL (a course's, a call's): lowercase letters without accents and digits, in words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

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
