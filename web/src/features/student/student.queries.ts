import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { PayResult } from '../../../../worker/contract/checkout.ts'
import type {
  EbookLibrary,
  LessonProgress,
  ReissueRefused,
  StudentCourse,
  WithdrawalResult,
} from '../../../../worker/contract/student.ts'
import { ApiError, api } from '../../lib/api.ts'
import { retryServerErrors } from '../../lib/load.ts'
import { parsedQuery } from '../../lib/parsed-query.ts'

const contract = () => import('../../../../worker/contract/student.ts')

export const studentKeys = {
  all: ['student'] as const,
  courses: () => [...studentKeys.all, 'courses'] as const,
  course: (url: string) => [...studentKeys.all, 'course', url] as const,
  purchases: () => [...studentKeys.all, 'purchases'] as const,
  purchase: (id: string) => [...studentKeys.all, 'purchase', id] as const,
  ebooks: () => [...studentKeys.all, 'ebooks'] as const,
}

/** Signed download links last 15 minutes: pages holding them are re-read well before that. */
export const LINKS_REFRESH_MS = 10 * 60_000

/** GET /api/usuario/cursos: the classes the logged-in student is enrolled in. */
export const enrolledCoursesQuery = () =>
  parsedQuery(studentKeys.courses(), '/api/usuario/cursos', () => contract().then((m) => m.EnrolledCourses))

/** GET /api/usuario/cursos/{url}: the course as its enrolled student studies it. */
export const studentCourseQuery = (url: string) =>
  parsedQuery(
    studentKeys.course(url),
    `/api/usuario/cursos/${encodeURIComponent(url)}`,
    () => contract().then((m) => m.StudentCourse),
    { retry: retryServerErrors, refetchInterval: LINKS_REFRESH_MS },
  )

/** GET /api/usuario/compras: the student's orders, newest first. */
export const purchasesQuery = () =>
  parsedQuery(studentKeys.purchases(), '/api/usuario/compras', () => contract().then((m) => m.PurchaseList), {
    retry: retryServerErrors,
  })

/** GET /api/usuario/compras/{id}: one order with the provider's receipt. */
export const purchaseQuery = (id: string) =>
  parsedQuery(
    studentKeys.purchase(id),
    `/api/usuario/compras/${encodeURIComponent(id)}`,
    () => contract().then((m) => m.PurchaseDetail),
    { retry: retryServerErrors },
  )

/** GET /api/usuario/ebooks: the student's e-books and the free ones to add. */
export const ebooksLibraryQuery = () =>
  parsedQuery(studentKeys.ebooks(), '/api/usuario/ebooks', () => contract().then((m) => m.EbookLibrary), {
    retry: retryServerErrors,
    refetchInterval: LINKS_REFRESH_MS,
  })

/** Marks (or unmarks) a lesson as watched; the course's progress comes back with it. */
export function useMarkLesson(url: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ lessonId, watched }: { lessonId: number; watched: boolean }) =>
      api<LessonProgress>(`/api/usuario/aulas/${lessonId}/assistida`, {
        method: watched ? 'POST' : 'DELETE',
      }),
    onSuccess: (result) =>
      queryClient.setQueryData<StudentCourse>(studentKeys.course(url), (course) =>
        course
          ? {
              ...course,
              progress: result.progress,
              modules: course.modules.map((module) => ({
                ...module,
                lessons: module.lessons.map((lesson) =>
                  lesson.id === result.lesson_id ? { ...lesson, watched: result.watched } : lesson,
                ),
              })),
            }
          : course,
      ),
  })
}

/**
 * The refusal of an order no longer sold as it was (422 with `cart`): the hash of a cart with its
 * items at today's prices (null when none is for sale), or undefined for any other failure.
 */
export function repricedCart(error: unknown): string | null | undefined {
  if (!(error instanceof ApiError) || error.status !== 422) return undefined
  const body = error.body as Partial<ReissueRefused> | null
  if (!body || !('cart' in body)) return undefined
  return typeof body.cart === 'string' ? body.cart : null
}

/** A POST on one of the student's orders; the student area is read again whatever its outcome. */
function usePurchaseAction<I extends { orderId: string }, R>(
  action: string,
  answer: (input: I) => { json?: unknown },
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: I) =>
      api<R>(`/api/usuario/compras/${encodeURIComponent(input.orderId)}/${action}`, {
        method: 'POST',
        ...answer(input),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: studentKeys.all }),
  })
}

/** An expired boleto or PIX issued again for the same order. */
export const useReissuePayment = () =>
  usePurchaseAction<{ orderId: string }, PayResult>('novo-pagamento', () => ({}))

/**
 * An order's difference, by a PIX or boleto of its own: a rejected student document's (issue 29,
 * item 3), or what a boleto paid short missed (issue 40, item 5).
 */
export const usePayDifference = () =>
  usePurchaseAction<{ orderId: string; paymentType: 'PIX' | 'BOLETO' }, PayResult>(
    'diferenca',
    ({ paymentType }) => ({ json: { payment_type: paymentType } }),
  )

/** The buyer gives a purchase up within 7 days (issue 22, item 8): refunded at once, or asked. */
export const useRequestWithdrawal = () =>
  usePurchaseAction<{ orderId: string; reason: string }, WithdrawalResult>('reembolso', ({ reason }) => ({
    json: { motivo: reason },
  }))

/** A free e-book into the library. */
export function useAddFreeEbook() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (ebookId: number) => api<EbookLibrary>(`/api/usuario/ebooks/${ebookId}`, { method: 'POST' }),
    onSuccess: (library) => queryClient.setQueryData(studentKeys.ebooks(), library),
  })
}
