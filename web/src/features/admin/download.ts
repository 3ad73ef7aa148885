import { ApiError } from '../../lib/api.ts'
import { saveFile } from '../../lib/save-file.ts'

/**
 * Downloads a CSV export of the admin API as the file its answer names: fetched (so a failure is
 * a toast, not a broken page) and handed to the browser as a download.
 */
export async function downloadFile(path: string): Promise<string> {
  const response = await fetch(path, { credentials: 'same-origin', headers: { Accept: 'text/csv' } })
  if (!response.ok) {
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      // Not JSON: the status says enough.
    }
    throw new ApiError(response.status, body)
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'exportacao.csv'
  saveFile(await response.blob(), name)
  return name
}
