import { isLocalEnv } from '../../config.ts'
import type { AppContext } from '../../context.ts'
import { slugify } from '../../domain/patterns.ts'
import { signToken, unixSeconds, verifiedClaims } from '../signed-tokens.ts'
import { readableEbook, readableMaterial } from './access.ts'

/**
 * Downloads of course material and e-books (R2, behind the Worker): a short-lived link signed
 * with the download links' own key (derived from APP_SECRET; jose, HS256), bound to one student
 * and one file. Opening it needs that
 * student's session and, at that moment, the enrollment or library entry that gives the file: a
 * link copied to someone else, opened logged out, used after it expired or after a refund,
 * answers 403 with a clear pt-BR message.
 */
export const DOWNLOAD_TTL_SECONDS = 15 * 60
const AUDIENCE = 'renalis:download'

export const DOWNLOAD_MESSAGES = {
  invalid: 'Link de download inválido. Volte à área do aluno e clique em baixar novamente.',
  expired: 'Este link de download expirou. Volte à área do aluno e clique em baixar novamente.',
  personal:
    'Este link de download é pessoal: entre na sua conta, a mesma que gerou o link, para baixar o arquivo.',
  noAccess:
    'Você não tem acesso a este arquivo: ele é só para alunos com matrícula ativa no curso (ou com o e-book na biblioteca).',
  missing: 'O arquivo não está disponível no momento. Avise o Centro de Ensino.',
} as const

export type DownloadKind = 'material' | 'ebook'
type Claims = { sub: string; kind: DownloadKind; id: number }

export const linksExpireAt = (ctx: AppContext) =>
  new Date((unixSeconds(ctx.now) + DOWNLOAD_TTL_SECONDS) * 1000)

/** A signed link to one file for one student, valid DOWNLOAD_TTL_SECONDS from ctx.now. */
export async function downloadLink(ctx: AppContext, userId: number, kind: DownloadKind, id: number) {
  const token = await signToken(ctx, 'download', {
    claims: { kind, id },
    subject: userId,
    audience: AUDIENCE,
    expires: unixSeconds(ctx.now) + DOWNLOAD_TTL_SECONDS,
  })
  return `/download/${token}`
}

export class DownloadRefused extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DownloadRefused'
  }
}

async function claimsOf(ctx: AppContext, token: string): Promise<Claims> {
  try {
    const payload = await verifiedClaims<Claims>(ctx, 'download', token, AUDIENCE)
    if ((payload.kind !== 'material' && payload.kind !== 'ebook') || !Number.isInteger(payload.id)) {
      throw new DownloadRefused(DOWNLOAD_MESSAGES.invalid)
    }
    return payload
  } catch (error) {
    if (error instanceof DownloadRefused) throw error
    const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED'
    throw new DownloadRefused(expired ? DOWNLOAD_MESSAGES.expired : DOWNLOAD_MESSAGES.invalid)
  }
}

const slug = (title: string) => slugify(title, 80) || 'arquivo'

/** The file as stored: R2, else (off production) the demo copy shipped with the site. */
async function fileBody(ctx: AppContext, key: string, origin: string) {
  const object = await ctx.env.FILES.get(key)
  if (object) return { body: object.body as ReadableStream, contentType: object.httpMetadata?.contentType }
  if (!isLocalEnv(ctx.env) || key.includes('..')) return null
  // Seeded demo files live under /conteudo-demo/, a path only the Worker answers (never served as is).
  const shipped = await ctx.env.ASSETS.fetch(new URL(`/conteudo-demo/${key}`, origin))
  if (!shipped.ok || !(shipped.headers.get('content-type') ?? '').startsWith('application/pdf')) {
    await shipped.body?.cancel()
    return null
  }
  return { body: shipped.body as ReadableStream, contentType: 'application/pdf' }
}

/** The demo video's file among the demo files (never deployed: scripts/build.ts, check:deploy). */
export const DEMO_VIDEO_FILE = 'videos/aula-demonstrativa.webm'

/**
 * Local only: the video the lessons' stand-in player plays (issue 39), whole; null when the
 * build has none. Off the local stack its route does not exist.
 */
export async function demoLessonVideo(ctx: AppContext, origin: string): Promise<ReadableStream | null> {
  const shipped = await ctx.env.ASSETS.fetch(new URL(`/conteudo-demo/${DEMO_VIDEO_FILE}`, origin))
  if (!shipped.ok || !shipped.body) {
    await shipped.body?.cancel()
    return null
  }
  return shipped.body as ReadableStream
}

/** GET /download/{token}: the file, or a DownloadRefused with what the person should do. */
export async function openDownload({
  ctx,
  token,
  userId,
  origin,
}: {
  ctx: AppContext
  token: string
  userId: number | null
  origin: string
}) {
  const claims = await claimsOf(ctx, token)
  if (userId === null || String(userId) !== claims.sub) throw new DownloadRefused(DOWNLOAD_MESSAGES.personal)
  const file =
    claims.kind === 'material'
      ? await readableMaterial(ctx, userId, claims.id).then((row) =>
          row ? { key: row.fileKey, title: row.title, contentType: row.contentType } : null,
        )
      : await readableEbook(ctx, userId, claims.id).then((row) =>
          row ? { key: row.fileKey, title: row.title, contentType: 'application/pdf' } : null,
        )
  if (!file) throw new DownloadRefused(DOWNLOAD_MESSAGES.noAccess)
  const stored = await fileBody(ctx, file.key, origin)
  if (!stored) return null
  const extension = file.key.split('.').pop()?.toLowerCase() ?? 'pdf'
  return {
    body: stored.body,
    contentType: stored.contentType ?? file.contentType,
    filename: `${slug(file.title)}.${/^[a-z0-9]{1,5}$/.test(extension) ? extension : 'pdf'}`,
  }
}
