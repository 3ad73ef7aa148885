import { newApp } from '../../openapi.ts'
import { adminAssessmentRoutes } from './assessment.ts'
import { adminCatalogRoutes } from './catalog.ts'
import { adminCertificateRoutes } from './certificates.ts'
import { adminConferenceRoutes } from './conference.ts'
import { adminCourseRoutes } from './courses.ts'
import { adminEditalRoutes } from './editais.ts'
import { adminEmailRoutes } from './emails.ts'
import { adminEngagementRoutes } from './engagement.ts'
import { adminInvoiceRoutes } from './invoices.ts'
import { adminOrderRoutes } from './orders.ts'
import { adminRecoveryRoutes } from './recovery.ts'
import { adminSalesRoutes } from './sales.ts'

/** Every /api/admin operation of the admin area (issue 10), each declared with role A. */
export const adminRoutes = newApp()
  .route('/', adminSalesRoutes)
  .route('/', adminOrderRoutes)
  .route('/', adminCourseRoutes)
  .route('/', adminCatalogRoutes)
  .route('/', adminEngagementRoutes)
  .route('/', adminEditalRoutes)
  .route('/', adminRecoveryRoutes)
  .route('/', adminCertificateRoutes)
  .route('/', adminAssessmentRoutes)
  .route('/', adminEmailRoutes)
  .route('/', adminConferenceRoutes)
  .route('/', adminInvoiceRoutes)
