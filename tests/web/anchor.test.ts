import { describe, expect, it } from 'vitest'
import { anchorFromTitle } from '../../web/src/lib/anchor.ts'

describe('anchorFromTitle', () => {
  it.each([
    ['Nefrologia Intervencionista', 'nefrologia-intervencionista'],
    ['Cursos Práticos', 'cursos-praticos'],
    ['Cursos online', 'cursos-online'],
    ['Diálise e Transplante Renal', 'dialise-e-transplante-renal'],
    ['Ação  Educação Contínua', 'acao-educacao-continua'],
    ['E-books', 'e-books'],
  ])('%s → %s', (title, anchor) => {
    expect(anchorFromTitle(title)).toBe(anchor)
  })
})
