import { z } from '@hono/zod-openapi'
import { AdminImage, ImagesInput, ImageUploadForm } from '../../contract/admin-catalog.ts'
import { CATALOG_IMAGE_MAX_BYTES, MULTIPART_OVERHEAD_BYTES } from '../../domain/uploads.ts'
import { addSliderImage, updateSliderImages } from '../../services/admin/images.ts'
import { json } from '../operation.ts'
import { operation } from './operations.ts'

type Texts = { operationId: string; summary: string; description?: string; answer: string }

/** The form's file, documented as binary (the service checks its type, size and signature). */
const UploadForm = ImageUploadForm.extend({
  image: z.unknown().optional().openapi({ type: 'string', format: 'binary' }),
})

/** The slider of a course's or a product's page: upload one image (POST), reorder or remove (PUT). */
export function sliderImages(
  owner: 'course' | 'product',
  { path, upload, update }: { path: `/api/admin/${string}/{id}/imagens`; upload: Texts; update: Texts },
) {
  const { answer: uploaded, ...uploadNames } = upload
  const { answer: updated, ...updateNames } = update
  return [
    operation({
      ...uploadNames,
      route: `POST ${path}`,
      form: UploadForm,
      answers: json(201, z.array(AdminImage), uploaded),
      errors: ['notFound'],
      maxBodyBytes: CATALOG_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES,
      run: ({ ctx, actor, id, form }) => addSliderImage({ ctx, actor, owner, id, file: form.image }),
    }),
    operation({
      ...updateNames,
      route: `PUT ${path}`,
      body: ImagesInput,
      answers: json(200, z.array(AdminImage), updated),
      errors: ['notFound', 'conflict'],
      run: ({ ctx, actor, id, input }) => updateSliderImages({ ctx, actor, owner, id, input }),
    }),
  ]
}
