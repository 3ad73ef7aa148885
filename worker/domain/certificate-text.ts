// What a certificate says (issue 24): its code's shape, its hours, its dates and its text, the
// template's placeholders filled in. Pure: the issuing service (services/certificates) calls it.
import { formatDateLong } from './long-date.ts'

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

/**
 * A name to print: the full name, as on the holder's documents — two words at least, letters
 * (any script), spaces, apostrophes, hyphens and dots, 5 to 120 characters. Null when fine, else
 * the pt-BR message.
 */
export function certificateNameProblem(name: string): string | null {
  const trimmed = name.trim().replace(/\s+/g, ' ')
  if (trimmed.length < 5 || trimmed.length > 120) return 'Informe o nome completo (de 5 a 120 caracteres).'
  if (!/^[\p{L}\p{M}][\p{L}\p{M}'’.\- ]*$/u.test(trimmed)) {
    return 'O nome deve ter apenas letras, espaços, apóstrofos, hífens e pontos.'
  }
  if (trimmed.split(' ').length < 2)
    return 'Informe o nome completo, com sobrenome, como nos seus documentos.'
  return null
}

/** The name as it will be printed (spaces collapsed). */
export function certificateName(name: string): string {
  return name.trim().replace(/\s+/g, ' ')
}
