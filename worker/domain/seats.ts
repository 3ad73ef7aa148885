/**
 * A class's seats (issue 29): taken by its paid orders and manual enrollments, held by its pending
 * orders; what is left is for sale. The counts themselves are the database's (the class_seats view).
 */

/** At or under this many seats left, the course page and the cart say how many. */
export const FEW_SEATS_LEFT = 5

export const SEAT_MESSAGES = {
  soldOut: 'Turma esgotada',
} as const

/** Seats still for sale; null when the class has no limit. Never below 0 (an oversold class shows 0). */
export function seatsLeft(seats: number | null, taken: number, held: number): number | null {
  if (seats === null) return null
  return Math.max(0, seats - taken - held)
}

/** A bundle's seats left are its scarcest class's; undefined when none of its classes has a limit. */
export function scarcestSeats(lefts: readonly (number | null | undefined)[]): number | undefined {
  const limited = lefts.filter((left): left is number => typeof left === 'number')
  return limited.length ? Math.min(...limited) : undefined
}

/** What a buyer reads about a class's seats: nothing while there are plenty (or no limit). */
export function seatsLabel(left: number | null | undefined): string | null {
  if (left === null || left === undefined || left > FEW_SEATS_LEFT) return null
  if (left === 0) return SEAT_MESSAGES.soldOut
  return left === 1 ? 'Última vaga' : `Últimas ${left} vagas`
}
