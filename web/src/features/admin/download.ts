import { ApiError } from '../../lib/api.ts'

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

/** Hands the browser a file made here (an export, a QR code) to save under `name`. */
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
