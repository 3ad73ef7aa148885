import type { Turma } from '../../../../worker/contract/catalog.ts'
import { formatDateLong } from '../../lib/date.ts'

/** Our wording of the SPEC's rule (section 9): the student price needs a student document. */
export const STUDENT_PRICE_RULE =
  'Preço de estudante mediante envio de documento de estudante na finalização da compra'

/** SPEC section 3: type 'N' is dated (course_init); any other type reads 'comece agora'. */
export function turmaStart(turma: Pick<Turma, 'type' | 'course_init'>): string {
  if (turma.type !== 'N') return 'comece agora'
  return turma.course_init ? formatDateLong(turma.course_init) : 'Data a definir'
}

/** SPEC sections 3 and 9: the student price applies when student_discount is 'A'. */
export function studentPrice(turma: Pick<Turma, 'student_price' | 'student_discount'>): number | null {
  return turma.student_discount === 'A' && turma.student_price !== null ? turma.student_price : null
}

export function instalmentText(times: number): string {
  return times > 1 ? `em até ${times}x no cartão` : 'à vista no cartão'
}

export function boletoText(accepted: boolean): string {
  return accepted ? 'Aceita boleto' : 'Não aceita boleto'
}
