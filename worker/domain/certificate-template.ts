// The placeholders a course's certificate text may use (issue 24, item 5): the admin's form
// refuses any other, so a certificate never prints a stray '{...}'.

export const CERTIFICATE_PLACEHOLDERS = {
  nome: 'o nome do aluno',
  curso: 'o nome do curso',
  horas: 'a carga horária',
  inicio: 'a data de início',
  conclusao: 'a data de conclusão',
} as const
export type CertificatePlaceholder = keyof typeof CERTIFICATE_PLACEHOLDERS

/** Every `{word}` of a template (letters, digits, '_'; accents included). */
const PLACEHOLDER = /\{([^{}\s]*)\}/g

/** The placeholders of `template` that are not ours, each once, in order of appearance. */
export function unknownPlaceholders(template: string): string[] {
  const found = [...template.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '')
  return [...new Set(found.filter((name) => !Object.hasOwn(CERTIFICATE_PLACEHOLDERS, name)))]
}

/** The template with each placeholder replaced by its value (unknown ones are left as typed). */
export function fillTemplate(template: string, values: Record<CertificatePlaceholder, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(CERTIFICATE_PLACEHOLDERS, name) ? values[name as CertificatePlaceholder] : whole,
  )
}
