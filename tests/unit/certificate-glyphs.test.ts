import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { GLYPHS_FILE, glyphsModule, printableRanges } from '../../scripts/certificate-glyphs.ts'
import { certificateNameProblem, unprintableCharacters } from '../../worker/domain/certificate-text.ts'

describe('what the certificate fonts can draw', () => {
  it('is what the shipped fonts hold (regenerate with scripts/certificate-glyphs.ts when they change)', async () => {
    expect(await readFile(GLYPHS_FILE, 'utf8')).toBe(glyphsModule(await printableRanges()))
  })

  it('draws Portuguese, other Latin, Greek and Cyrillic names; not Hangul, Han nor Arabic', () => {
    expect(unprintableCharacters('João Conceição Müller Øster Łukasz Ñúñez')).toEqual([])
    expect(unprintableCharacters('Σοφία Иванова')).toEqual([])
    expect(unprintableCharacters('Kim 민준')).toEqual(['민', '준'])
    expect(unprintableCharacters('Zhang 伟 伟')).toEqual(['伟'])
    expect(unprintableCharacters('علي')).toHaveLength(3)
    // A decomposed name is composed before it is checked (the certificate prints it composed).
    expect(unprintableCharacters('Jose\u0301 Conceic\u0327a\u0303o')).toEqual([])
  })

  it('refuses a name on more than one line, or that the fonts cannot draw', () => {
    expect(certificateNameProblem('Ana\nBeatriz')).toBe(
      'O nome deve ficar em uma linha, sem quebras nem caracteres de controle.',
    )
    expect(certificateNameProblem('Kim 민준')).toBe(
      'O nome tem caracteres que o certificado não consegue imprimir (민 준): escreva-o com letras latinas, gregas ou cirílicas.',
    )
    expect(certificateNameProblem('  Ana   Beatriz  Souza ')).toBeNull()
  })
})
