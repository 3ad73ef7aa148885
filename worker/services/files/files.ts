import type { AppContext, UserCall } from '../../context.ts'
import { UPLOADED_IMAGE_PREFIX } from '../../domain/institute.ts'
import {
  CATALOG_IMAGE_MAX_BYTES,
  EDITAL_PDF_MAX_BYTES,
  PHOTO_MAX_BYTES,
  SIGNATURE_MAX_BYTES,
  STUDENT_DOC_MAX_BYTES,
} from '../../domain/uploads.ts'
import { invalidField, notFound } from '../../errors.ts'

const PHOTO_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' }

/** Magic numbers, so a renamed file is not taken for an image on its declared type alone. */
function looksLike(type: string, head: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte)
  if (type === 'image/jpeg') return starts(0xff, 0xd8, 0xff)
  if (type === 'image/png') return starts(0x89, 0x50, 0x4e, 0x47)
  if (type === 'image/webp')
    return starts(0x52, 0x49, 0x46, 0x46) && String.fromCharCode(...head.slice(8, 12)) === 'WEBP'
  return false
}

/**
 * An uploaded image checked (type, size, magic number), with its extension; a refusal names
 * `field`, and `noun` ('foto', 'imagem') says what was expected.
 */
async function checkedImage(file: unknown, field: string, noun: 'foto' | 'imagem', maxBytes: number) {
  const invalid = (message: string) => invalidField(field, message)
  if (!(file instanceof File)) throw invalid(`Escolha uma ${noun}.`)
  const extension = PHOTO_TYPES[file.type]
  if (!extension) throw invalid('Envie uma imagem JPG, PNG ou WebP.')
  if (file.size > maxBytes) throw invalid(`A ${noun} deve ter no máximo ${maxBytes / 1024 / 1024} MB.`)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!looksLike(file.type, bytes.slice(0, 12))) throw invalid('O arquivo enviado não é uma imagem válida.')
  return { extension, bytes, type: file.type }
}

/** Stores a profile photo in R2 under an unguessable key and answers that key. */
export async function storeUserPhoto({ ctx, userId, file }: UserCall<{ file: unknown }>) {
  const { extension, bytes, type } = await checkedImage(file, 'photo', 'foto', PHOTO_MAX_BYTES)
  const key = `users/${userId}/foto-${crypto.randomUUID()}.${extension}`
  // Kept a day at most by any cache: a photo replaced or an account deleted is gone from R2 at
  // once (accounts.ts, privacy.ts), and from the caches within a day.
  await ctx.env.FILES.put(key, bytes, {
    httpMetadata: { contentType: type, cacheControl: 'public, max-age=86400' },
  })
  return key
}

/**
 * A slider image of a course or product, uploaded by an administrator: checked like a profile
 * photo (type, size, magic number) and stored under an unguessable key of the public catalogue
 * prefix. Answers the [name, extension] pair the slider keeps.
 */
export async function storeCatalogImage({
  ctx,
  kind,
  file,
}: {
  ctx: AppContext
  kind: 'cursos' | 'produtos'
  file: unknown
}): Promise<[string, string]> {
  const { extension, bytes, type } = await checkedImage(file, 'image', 'imagem', CATALOG_IMAGE_MAX_BYTES)
  const name = `${UPLOADED_IMAGE_PREFIX}${kind}/${crypto.randomUUID()}`
  await ctx.env.FILES.put(`${name}.${extension}`, bytes, {
    httpMetadata: { contentType: type, cacheControl: 'public, max-age=31536000, immutable' },
  })
  return [name, extension]
}

/** Signatures are private: only the certificates' PDFs print them (no public prefix). */
const SIGNATURE_PREFIX = 'assinaturas/'
const SIGNATURE_TYPES: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' }

/**
 * A certificate's signature picture, uploaded by an administrator: PNG or JPEG only (what the
 * PDF embeds), checked by type, size and magic number, stored under an unguessable private key.
 * Answers the key.
 */
export async function storeSignatureImage({ ctx, file }: { ctx: AppContext; file: unknown }) {
  const invalid = (message: string) => invalidField('image', message)
  if (!(file instanceof File)) throw invalid('Escolha a imagem da assinatura.')
  const extension = SIGNATURE_TYPES[file.type]
  if (!extension) throw invalid('Envie a assinatura em PNG ou JPG.')
  if (file.size > SIGNATURE_MAX_BYTES)
    throw invalid(`A assinatura deve ter no máximo ${SIGNATURE_MAX_BYTES / 1024} KB.`)
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (!looksLike(file.type, bytes.slice(0, 12))) throw invalid('O arquivo enviado não é uma imagem válida.')
  const key = `${SIGNATURE_PREFIX}${crypto.randomUUID()}.${extension}`
  await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: file.type } })
  return key
}

/** Where a call's PDF is stored (public: the call's page links it). */
const EDITAL_PDF_PREFIX = 'editais/'

/**
 * A call's PDF, uploaded by an administrator: a PDF by type and signature, at most 5 MB, stored
 * under an unguessable key of the public calls prefix. Answers the key.
 */
export async function storeEditalPdf({ ctx, file }: { ctx: AppContext; file: unknown }) {
  const invalid = (message: string) => invalidField('pdf', message)
  if (!(file instanceof File)) throw invalid('Escolha o PDF do edital.')
  if (file.type !== 'application/pdf') throw invalid('Envie o edital em PDF.')
  if (file.size > EDITAL_PDF_MAX_BYTES) throw invalid('O PDF deve ter no máximo 5 MB.')
  const bytes = new Uint8Array(await file.arrayBuffer())
  if (String.fromCharCode(...bytes.slice(0, 5)) !== '%PDF-')
    throw invalid('O arquivo enviado não é um PDF válido.')
  const key = `${EDITAL_PDF_PREFIX}${crypto.randomUUID()}.pdf`
  await ctx.env.FILES.put(key, bytes, {
    httpMetadata: { contentType: 'application/pdf', cacheControl: 'public, max-age=31536000, immutable' },
  })
  return key
}

/** Where a public file is served. */
export const publicFileUrl = (key: string) => `/files/${encodeURIComponent(key)}`

// Only these prefixes are public; e-books and student documents will get signed links.
const PUBLIC_PREFIXES = ['users/', 'anais/', EDITAL_PDF_PREFIX, UPLOADED_IMAGE_PREFIX]
/** What a public file can be: a profile photo, a catalogue image, a proceedings or call PDF. */
export const PUBLIC_FILE_TYPES = [...Object.keys(PHOTO_TYPES), 'application/pdf']

/** The characters of every key the site writes (unguessable ids, slugs, extensions). */
const KEY_CHARACTERS = /^[a-z0-9/_.-]+$/

/**
 * A key under a public prefix, and nothing that could mean another one: no `%` (a key that is
 * decoded again on its way to R2 or the assets, `%2e%2e`, would leave its prefix), no other
 * character than the site's own, and no empty, `.` or `..` segment.
 */
export function isPublicKey(key: string): boolean {
  if (!KEY_CHARACTERS.test(key)) return false
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) return false
  return PUBLIC_PREFIXES.some((prefix) => key.startsWith(prefix))
}

/** A public file's bytes and the headers stored with it; the route answers with them. */
export type PublicFile = { body: ReadableStream | null; headers: Headers }

/**
 * A public file from R2; while R2 has no such object, the copy shipped with the site under
 * /arquivos/ (the demo proceedings) answers instead.
 */
export async function readPublicFile({
  ctx,
  key,
  origin,
}: {
  ctx: AppContext
  key: string
  origin: string
}): Promise<PublicFile> {
  if (!isPublicKey(key)) throw notFound('Arquivo não encontrado.')
  const object = await ctx.env.FILES.get(key)
  if (object) {
    const headers = new Headers()
    object.writeHttpMetadata(headers)
    headers.set('ETag', object.httpEtag)
    return { body: object.body, headers }
  }
  const shipped = await ctx.env.ASSETS.fetch(new URL(`/arquivos/${key}`, origin))
  if (!shipped.ok || !(shipped.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    throw notFound('Arquivo não encontrado.')
  }
  return { body: shipped.body, headers: new Headers(shipped.headers) }
}

const DOC_TYPES: Record<string, string> = { 'application/pdf': 'pdf', ...PHOTO_TYPES }
/** What a student document can be, as stored (and served back to the admin who reviews it). */
export const STUDENT_DOC_TYPES = Object.keys(DOC_TYPES)

/** A student document for the checkout: private in R2 (never under a public prefix). */
export async function storeStudentDocument({ ctx, file }: { ctx: AppContext; file: unknown }) {
  const invalid = (message: string) => invalidField('document', message)
  if (!(file instanceof File)) throw invalid('Envie o documento de estudante.')
  const extension = DOC_TYPES[file.type]
  if (!extension) throw invalid('Envie o documento em PDF, JPG, PNG ou WebP.')
  if (file.size > STUDENT_DOC_MAX_BYTES) throw invalid('O documento deve ter no máximo 5 MB.')
  const bytes = new Uint8Array(await file.arrayBuffer())
  const head = bytes.slice(0, 12)
  const isPdf = String.fromCharCode(...head.slice(0, 5)) === '%PDF-'
  if (file.type === 'application/pdf' ? !isPdf : !looksLike(file.type, head)) {
    throw invalid('O arquivo enviado não é um documento válido.')
  }
  const key = `student-docs/${crypto.randomUUID()}.${extension}`
  await ctx.env.FILES.put(key, bytes, { httpMetadata: { contentType: file.type } })
  return key
}

/**
 * Removes files from R2. A failure leaves them behind (logged) rather than failing the person's
 * request: what they asked for (a new photo, a deleted account) is already done.
 */
export async function deleteFiles(ctx: AppContext, keys: string[]): Promise<void> {
  if (keys.length === 0) return
  try {
    await ctx.env.FILES.delete(keys)
  } catch (error) {
    console.warn(JSON.stringify({ level: 'warn', kind: 'files_not_deleted', keys, error: String(error) }))
  }
}

/** Every file stored under an account's own prefix (`users/{id}/`: its photos, current and past). */
export async function accountFileKeys(ctx: AppContext, userId: number): Promise<string[]> {
  const keys: string[] = []
  let cursor: string | undefined
  do {
    const page = await ctx.env.FILES.list({ prefix: `users/${userId}/`, ...(cursor ? { cursor } : {}) })
    keys.push(...page.objects.map((object) => object.key))
    cursor = page.truncated ? page.cursor : undefined
  } while (cursor)
  return keys
}
