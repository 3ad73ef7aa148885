// What a certificate says (issue 24): its code's shape, its hours, its dates and its text, the
// template's placeholders filled in. Pure: the issuing service (services/certificates) calls it.
import { PRINTABLE_RANGES } from './certificate-glyphs.ts'
import { formatDateLong } from './long-date.ts'
import { NAME_FORBIDDEN } from './patterns.ts'

/** 'RN-' and ten characters of Crockford's base32 (no I, L, O, U: nothing to misread when typed). */
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'
export const CERTIFICATE_CODE_PATTERN = /^RN-[0-9A-HJKMNP-TV-Z]{10}$/

/** A code as a person typed it: upper case, without spaces. */
export function normalizeCertificateCode(code: string): string {
  return code.trim().toUpperCase()
}

/** Ten random bytes → 'RN-' + ten base32 characters (50 bits). */
export function certificateCodeOf(randomBytes: Uint8Array): string {
  let code = 'RN-'
  for (let i = 0; i < 10; i++) code += CERTIFICATE_CODE_ALPHABET[(randomBytes[i] ?? 0) % 32]
  return code
}

/** The placeholders a template may use, and what each stands for. */
export const CERTIFICATE_PLACEHOLDERS = {
  nome: 'o nome do titular',
  curso: 'o que foi concluído (curso, palestra ou jornada)',
  horas: 'a carga horária',
  inicio: 'a data de início',
  conclusao: 'a data de conclusão',
} as const

/** The text printed when a course's template is '' (the default). */
export const DEFAULT_CERTIFICATE_TEMPLATE =
  'Certificamos que {nome} concluiu {curso}, com carga horária de {horas}, em {conclusao}.'

/** The default text for the kinds whose template is not a course's. */
export const DEFAULT_TEMPLATES = {
  course: DEFAULT_CERTIFICATE_TEMPLATE,
  in_person:
    'Certificamos que {nome} participou do curso presencial {curso}, com carga horária de {horas}, concluído em {conclusao}.',
  conference:
    'Certificamos que {nome} participou da {curso}, assistindo a {horas} da programação, em {conclusao}.',
  speaker: 'Certificamos que {nome} proferiu a palestra {curso}, com duração de {horas}, em {conclusao}.',
} as const

/** Minutes as hours for people: '20 horas', '1 hora', '2 horas e 30 minutos', '45 minutos'. */
export function hoursLabel(minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  const h = hours === 1 ? '1 hora' : `${hours} horas`
  const m = rest === 1 ? '1 minuto' : `${rest} minutos`
  if (hours === 0) return m
  return rest === 0 ? h : `${h} e ${m}`
}

/** The template with its placeholders filled ('' = the kind's default text). */
export function fillCertificateTemplate(
  template: string,
  kind: keyof typeof DEFAULT_TEMPLATES,
  values: { name: string; title: string; minutes: number; startedOn: string | null; completedOn: string },
): string {
  const text = template.trim() === '' ? DEFAULT_TEMPLATES[kind] : template
  const filled: Record<keyof typeof CERTIFICATE_PLACEHOLDERS, string> = {
    nome: values.name,
    curso: values.title,
    horas: hoursLabel(values.minutes),
    inicio: formatDateLong(values.startedOn ?? values.completedOn),
    conclusao: formatDateLong(values.completedOn),
  }
  return text.replace(
    /\{(nome|curso|horas|inicio|conclusao)\}/g,
    (_, key: keyof typeof filled) => filled[key],
  )
}

let printable: Array<[number, number]> | undefined

/** Whether both certificate fonts draw this code point (binary search over their ranges). */
function isPrintable(codePoint: number): boolean {
  printable ??= PRINTABLE_RANGES.trim()
    .split(/\s+/)
    .map((range) => {
      const [first = '0', last = first] = range.split('-')
      return [Number.parseInt(first, 16), Number.parseInt(last, 16)] as [number, number]
    })
  let low = 0
  let high = printable.length - 1
  while (low <= high) {
    const middle = (low + high) >> 1
    const [first, last] = printable[middle] as [number, number]
    if (codePoint < first) high = middle - 1
    else if (codePoint > last) low = middle + 1
    else return true
  }
  return false
}

/** The characters of `text` the certificate fonts cannot draw (each once, in order; spacing aside). */
export function unprintableCharacters(text: string): string[] {
  const found = new Set<string>()
  for (const character of text.normalize('NFC')) {
    if (/\s/u.test(character)) continue
    if (!isPrintable(character.codePointAt(0) ?? 0)) found.add(character)
  }
  return [...found]
}

/** The pt-BR message for characters a certificate cannot print, or null. */
export function unprintableProblem(text: string, what = 'O nome'): string | null {
  const missing = unprintableCharacters(text)
  if (missing.length === 0) return null
  return `${what} tem caracteres que o certificado não consegue imprimir (${missing.slice(0, 5).join(' ')}): escreva-o com letras latinas, gregas ou cirílicas.`
}

/**
 * A name to print: the full name, as on the holder's documents — two words at least, letters
 * (any script the certificate's fonts draw), spaces, apostrophes, hyphens and dots, 5 to 120
 * characters, on one line. Null when fine, else the pt-BR message.
 */
export function certificateNameProblem(name: string): string | null {
  if (NAME_FORBIDDEN.test(name))
    return 'O nome deve ficar em uma linha, sem quebras nem caracteres de controle.'
  const trimmed = certificateName(name)
  if (trimmed.length < 5 || trimmed.length > 120) return 'Informe o nome completo (de 5 a 120 caracteres).'
  if (!/^[\p{L}\p{M}][\p{L}\p{M}'’.\- ]*$/u.test(trimmed)) {
    return 'O nome deve ter apenas letras, espaços, apóstrofos, hífens e pontos.'
  }
  if (trimmed.split(' ').length < 2)
    return 'Informe o nome completo, com sobrenome, como nos seus documentos.'
  return unprintableProblem(trimmed)
}

/** The name as it will be printed (composed, spaces collapsed). */
export function certificateName(name: string): string {
  return name.normalize('NFC').trim().replace(/\s+/g, ' ')
}

/** What the admin is told of certificates held back by their names (bulk issuing). */
export function heldBackSummary(heldBack: ReadonlyArray<{ name: string }>): string {
  if (heldBack.length === 0) return ''
  const names = heldBack.map((person) => `“${person.name.replace(/\s+/g, ' ')}”`).join(', ')
  return heldBack.length === 1
    ? `1 certificado não emitido: o nome ${names} não pode ser impresso como está; peça a correção no perfil e emita de novo.`
    : `${heldBack.length} certificados não emitidos: os nomes ${names} não podem ser impressos como estão; peça a correção nos perfis e emita de novo.`
}
