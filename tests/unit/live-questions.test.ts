import { describe, expect, it } from 'vitest'
import {
  askRefusal,
  boardOrder,
  firstName,
  flaggedWords,
  moderate,
  nearlySame,
  normaliseQuestion,
  QUESTION_INTERVAL_MS,
} from '../../worker/domain/live-questions.ts'

const T0 = Date.parse('2031-06-12T12:00:00Z')
const asked = (text: string, askedAt: number) => ({ normalised: normaliseQuestion(text), askedAt })

describe('asking', () => {
  it('one question per 30 s, five per talk, no repeats, at most 280 characters', () => {
    expect(askRefusal('Qual a dose?', [], T0)).toBeNull()
    expect(askRefusal('   ', [], T0)).toBe('empty')
    expect(askRefusal('x'.repeat(281), [], T0)).toBe('too_long')
    expect(askRefusal('é'.repeat(280), [], T0)).toBeNull()
    expect(askRefusal('Outra?', [asked('Qual a dose?', T0)], T0 + QUESTION_INTERVAL_MS - 1)).toBe('too_soon')
    expect(askRefusal('Outra?', [asked('Qual a dose?', T0)], T0 + QUESTION_INTERVAL_MS)).toBeNull()
    expect(askRefusal('QUAL A DOSE', [asked('Qual a dose?', T0)], T0 + 3_600_000)).toBe('repeated')
    const five = [1, 2, 3, 4, 5].map((n) => asked(`Pergunta ${n}`, T0 + n * 60_000))
    expect(askRefusal('Sexta pergunta', five, T0 + 3_600_000)).toBe('too_many')
  })

  it('the name the audience sees is the first one', () => {
    expect(firstName('  Maria da Silva ')).toBe('Maria')
    expect(firstName('')).toBe('Anônimo')
  })
})

describe('flags for the moderator', () => {
  it('near duplicates: the same meaningful words, accents and punctuation aside', () => {
    const a = normaliseQuestion('Quando indicar a diálise peritoneal automatizada?')
    expect(nearlySame(a, normaliseQuestion('quando indicar dialise peritoneal automatizada!!'))).toBe(true)
    expect(nearlySame(a, normaliseQuestion('Qual o alvo de fósforo na diálise?'))).toBe(false)
  })

  it('words of the pt-BR list, whole words only; clinical words of the list are not flagged', () => {
    expect(flaggedWords('Que porra é essa?')).toEqual(['porra'])
    expect(flaggedWords('Vai tomar no cu')).toContain('vai tomar no cu')
    expect(flaggedWords('Qual o risco de aborto em pacientes em diálise? E o pênis?')).toEqual([])
    expect(flaggedWords('Computador')).toEqual([])
  })
})

describe('moderation', () => {
  it('approve, pin, answer, hide, each only where it applies', () => {
    expect(moderate({ status: 'pending', pinned: false }, 'approve')).toEqual({
      status: 'approved',
      pinned: false,
    })
    expect(moderate({ status: 'pending', pinned: false }, 'pin')).toBeNull()
    expect(moderate({ status: 'approved', pinned: false }, 'pin')).toEqual({
      status: 'approved',
      pinned: true,
    })
    expect(moderate({ status: 'approved', pinned: true }, 'answer')).toEqual({
      status: 'answered',
      pinned: false,
    })
    expect(moderate({ status: 'answered', pinned: false }, 'hide')).toEqual({
      status: 'hidden',
      pinned: false,
    })
    expect(moderate({ status: 'hidden', pinned: false }, 'hide')).toBeNull()
  })

  it('the board: pinned first, then by votes, answered last', () => {
    const q = (id: string, votes: number, extra: object = {}) => ({
      id,
      votes,
      status: 'approved' as const,
      pinned: false,
      askedAt: T0,
      ...extra,
    })
    const sorted = [
      q('a', 1),
      q('b', 9, { status: 'answered' }),
      q('c', 5),
      q('d', 0, { pinned: true }),
    ].sort(boardOrder)
    expect(sorted.map((item) => item.id)).toEqual(['d', 'c', 'a', 'b'])
  })
})
