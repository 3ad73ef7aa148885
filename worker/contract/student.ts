import { z } from 'zod'

/** GET /api/usuario/cursos: a class the student is enrolled in. */
export const EnrolledCourse = z.object({
  class_id: z.number().int(),
  class_name: z.string(),
  course_name: z.string(),
  course_url: z.string(),
  type: z.enum(['N', 'C']),
  course_init: z.string().nullable(),
  enrolled_at: z.string(),
})
export type EnrolledCourse = z.infer<typeof EnrolledCourse>
export const EnrolledCourses = z.array(EnrolledCourse)
