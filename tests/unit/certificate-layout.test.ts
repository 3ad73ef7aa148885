import { describe, expect, it } from 'vitest'
import {
  fitBlock,
  LONGEST_NAME,
  layoutCertificate,
  type Measure,
  TEXT_WIDTH,
  wrapLines,
} from '../../worker/domain/certificate-layout.ts'

// Issue 39, item 6: the certificate's name and text always fit the page, whole. A font whose every
// character is 0.6 em wide (bold 0.65) stands in for DejaVu Serif: the rules, not the font, are tested.
const measure: Measure = (text, font, size) => [...text].length * size * (font === 'bold' ? 0.65 : 0.6)
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean)
const LOWEST_BODY_BASELINE = 236

describe('the certificate page layout', () => {
  it('prints a usual name on one line at 28 pt, and the default text at 15 pt', () => {
    const layout = layoutCertificate(
      { name: 'Ana Beatriz Souza', body: 'Certificamos que Ana Beatriz Souza concluiu o curso.' },
      measure,
    )
    // 222 pt under the top of the page (595.28 pt high), the body 40 pt under it, the facts 30 more.
    expect(layout.name).toEqual({ lines: ['Ana Beatriz Souza'], size: 28, baselines: [595.28 - 222] })
    expect(layout.body.size).toBe(15)
    expect(layout.body.baselines).toEqual([595.28 - 262])
    expect(layout.factsBaseline).toBeCloseTo(595.28 - 292)
    expect(layout.fits).toBe(true)
  })

  it('shrinks a long name, then wraps it on two lines inside the text width, every word kept', () => {
    const shrunk = layoutCertificate({ name: 'Maria Eduarda dos Santos Albuquerque', body: 'x' }, measure)
    expect(shrunk.name.lines).toHaveLength(1)
    expect(shrunk.name.size).toBeLessThan(28)
    expect(shrunk.name.size).toBeGreaterThanOrEqual(18)

    const wrapped = layoutCertificate({ name: LONGEST_NAME, body: 'x' }, measure)
    expect(wrapped.name.lines).toHaveLength(2)
    expect(wrapped.name.size).toBeGreaterThanOrEqual(12)
    expect(wrapped.name.lines.join(' ')).toBe(LONGEST_NAME)
    for (const line of wrapped.name.lines)
      expect(measure(line, 'bold', wrapped.name.size)).toBeLessThanOrEqual(TEXT_WIDTH)
  })

  it('wraps a long body inside its box at the largest size that holds all of it, never cutting', () => {
    const body = 'Certificamos que a pessoa concluiu o curso com carga horária completa. '.repeat(8).trim()
    const layout = layoutCertificate({ name: 'Ana Beatriz Souza', body }, measure)
    expect(layout.fits).toBe(true)
    expect(layout.body.size).toBeLessThan(15)
    expect(layout.body.size).toBeGreaterThanOrEqual(9)
    expect(wordsOf(layout.body.lines.join(' '))).toEqual(wordsOf(body))
    expect(Math.min(...layout.body.baselines)).toBeGreaterThanOrEqual(LOWEST_BODY_BASELINE)
    for (const line of layout.body.lines)
      expect(measure(line, 'regular', layout.body.size)).toBeLessThanOrEqual(TEXT_WIDTH)
    expect(layout.factsBaseline).toBe(Math.min(...layout.body.baselines) - 30)
  })

  it('says a body too long for the page does not fit, and still prints every word', () => {
    const body = 'Texto longo demais para a página do certificado. '.repeat(60).trim()
    const layout = layoutCertificate({ name: LONGEST_NAME, body }, measure)
    expect(layout.fits).toBe(false)
    expect(wordsOf(layout.body.lines.join(' '))).toEqual(wordsOf(body))
    expect(Math.min(...layout.body.baselines)).toBeGreaterThanOrEqual(LOWEST_BODY_BASELINE)
  })

  it('splits a word wider than the line (an address) instead of running past the page', () => {
    const address = `https://www.institutorenalis.com.br/${'x'.repeat(200)}`
    const lines = wrapLines(`Veja ${address}`, measure, 'regular', 15, TEXT_WIDTH)
    expect(lines.join('').replace(/\s/g, '')).toBe(`Veja${address}`)
    for (const line of lines) expect(measure(line, 'regular', 15)).toBeLessThanOrEqual(TEXT_WIDTH)
  })

  it('fits a signatory’s long role under the signature line, shrinking then wrapping', () => {
    const role = 'Coordenadora do Centro de Ensino e Pesquisa Clínica em Nefrologia Intervencionista'
    const block = fitBlock(role, measure, 'regular', { largest: 10, smallest: 7, width: 240 })
    expect(block.size).toBe(7)
    expect(block.lines.join(' ')).toBe(role)
    for (const line of block.lines) expect(measure(line, 'regular', 7)).toBeLessThanOrEqual(240)
    expect(fitBlock('Dra. Helena Prado', measure, 'bold', { largest: 12, smallest: 8, width: 240 })).toEqual({
      lines: ['Dra. Helena Prado'],
      size: 12,
    })
  })
})
