import { CONFERENCE_TITLE } from '../../../../worker/domain/institute.ts'

/** SPEC section 8 ('erro ao pegar horários.', exactly as written) and the page's own copy. */
export const CONFERENCE_TEXT = {
  fetchError: 'erro ao pegar horários.',
  title: CONFERENCE_TITLE,
  shifted: 'Programação ajustada: quem assiste acompanha em segundos.',
} as const
