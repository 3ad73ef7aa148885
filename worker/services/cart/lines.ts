import type { CartItemType } from '../../domain/catalog.ts'
import type { PricedSnapshot } from './pricing.ts'

/** An order's line as the cart priced it (the checkout writes them; a reminder lists them). */
export type Line = {
  itemType: CartItemType
  itemId: number
  classId: number | null
  courseId: number | null
  couponId: number | null
  name: string
  grossCents: number
  netCents: number
}

/** Order lines read as the cart does: the course's name, then the class's. */
export function linesOf(snapshot: PricedSnapshot): Line[] {
  const courseName = (classId: number) => snapshot.details.classes.get(classId)?.course.name ?? ''
  return snapshot.priced.items.flatMap((item): Line[] => {
    if (item.type === 'pacote') {
      return item.classes.map((c) => ({
        itemType: 'pacote' as const,
        itemId: item.id,
        classId: c.classId,
        courseId: c.courseId,
        couponId: null,
        name: `${item.name} — ${courseName(c.classId)}`,
        grossCents: c.grossCents,
        netCents: c.netCents,
      }))
    }
    if (item.type === 'turma') {
      return [
        {
          itemType: 'turma' as const,
          itemId: item.id,
          classId: item.id,
          courseId: item.courseId,
          couponId: item.couponId,
          name: `${courseName(item.id)} — ${item.name}`,
          grossCents: item.grossCents,
          netCents: item.netCents,
        },
      ]
    }
    return [
      {
        itemType: 'produto' as const,
        itemId: item.id,
        classId: null,
        courseId: null,
        couponId: null,
        name: item.name,
        grossCents: item.grossCents,
        netCents: item.netCents,
      },
    ]
  })
}
