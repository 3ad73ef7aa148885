import { describe, expect, it } from 'vitest'
import { seatsLabel, seatsLeft } from '../../worker/domain/seats.ts'

describe('seatsLeft', () => {
  it.each([
    { seats: null, taken: 40, held: 3, left: null },
    { seats: 10, taken: 0, held: 0, left: 10 },
    { seats: 10, taken: 6, held: 3, left: 1 },
    { seats: 10, taken: 7, held: 3, left: 0 },
    // A late payment (or a limit lowered under what was sold) oversells: nothing is left, never less.
    { seats: 10, taken: 11, held: 1, left: 0 },
  ])('$seats seats, $taken taken, $held held → $left', ({ seats, taken, held, left }) => {
    expect(seatsLeft(seats, taken, held)).toBe(left)
  })
})

describe('seatsLabel', () => {
  it.each([
    { left: undefined, label: null },
    { left: null, label: null },
    { left: 40, label: null },
    { left: 6, label: null },
    { left: 5, label: 'Últimas 5 vagas' },
    { left: 2, label: 'Últimas 2 vagas' },
    { left: 1, label: 'Última vaga' },
    { left: 0, label: 'Turma esgotada' },
  ])('$left left → $label', ({ left, label }) => {
    expect(seatsLabel(left)).toBe(label)
  })
})
