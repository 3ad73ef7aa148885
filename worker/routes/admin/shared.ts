import { z } from '@hono/zod-openapi'
import { IdParam } from '../../contract/admin.ts'

/** Every admin operation is grouped under this tag in the reference. */
export const ADMIN_TAG = 'Administração'

export const IdParams = z.object({ id: IdParam })

/** A CSV export, documented as text/csv: UTF-8 with BOM, ';' between fields. */
export const csvContent = (description: string) => ({
  description,
  headers: {
    'Content-Disposition': {
      description: 'attachment; filename="….csv"',
      schema: { type: 'string' as const },
    },
  },
  content: {
    'text/csv': { schema: z.string().openapi({ description: 'CSV: UTF-8 com BOM, separador ";".' }) },
  },
})

export function csvResponse(csv: string, filename: string) {
  return new Response(csv, {
    status: 200,
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })
}
