/** SPEC section 8 ('erro ao pegar horários.', exactly as written) and the page's own copy. */
export const CONFERENCE_TEXT = {
  fetchError: 'erro ao pegar horários.',
  title: '4ª Jornada Multiprofissional em Nefrologia',
  shifted: 'Programação ajustada: quem assiste acompanha em segundos.',
} as const
