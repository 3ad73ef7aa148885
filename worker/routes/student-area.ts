import { newApp } from '../openapi.ts'
import { accountRoutes } from './account.ts'
import { assessmentRoutes } from './assessment.ts'
import { certificateRoutes } from './certificates.ts'
import { planRoutes } from './plans.ts'
import { studentRoutes } from './student.ts'

/**
 * The student's area (their account, courses, purchases, assessments, certificates and edital
 * fees, with the certificates' public verification): built on the first request under its paths
 * (worker/app.ts, AREAS), not at startup.
 */
export const studentAreaRoutes = newApp()
  .route('/', accountRoutes)
  .route('/', planRoutes)
  .route('/', studentRoutes)
  .route('/', certificateRoutes)
  .route('/', assessmentRoutes)
