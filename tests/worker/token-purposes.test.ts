import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { finishSocialLogin, SOCIAL_MESSAGES, startSocialLogin } from '../../worker/services/auth/social.ts'
import { openDocument } from '../../worker/services/checkout/student-documents.ts'
import { presenceTicket, ticketViewer } from '../../worker/services/conference/attendance.ts'
import { DOWNLOAD_MESSAGES, downloadLink, openDownload } from '../../worker/services/student/downloads.ts'
import { createUser, testContext, testDb, testEnv } from '../support/worker/db.ts'

// Issue 40, item 7: APP_SECRET signs nothing itself; each purpose (download links, student-document
// links, presence tickets, the OAuth state cookie) has a key of its own, derived by HKDF, and each
// reader pins its algorithm and audience: a token of one purpose is refused by every other.

const db = testDb()
const ctx = testContext()
const SESSION = 'a'.repeat(64)

async function tokens() {
  const user = await createUser(db)
  const download = (await downloadLink(ctx, user.id, 'ebook', 1)).split('/').pop()!
  const presence = await presenceTicket(ctx, user.id, SESSION)
  const { cookie: oauthState } = await startSocialLogin({ ctx, provider: 'google' })
  return { user, download, presence, oauthState }
}

const opened = (token: string, userId: number) =>
  openDownload({ ctx, token, userId, origin: 'http://localhost' }).then(
    () => 'opened',
    (error: Error) => error.message,
  )

describe('one key per purpose', () => {
  it('each token is accepted for its own purpose', async () => {
    const { user, download, presence } = await tokens()
    // The download link passes its signature: refused only because the e-book is not this student's.
    expect(await opened(download, user.id)).toBe(DOWNLOAD_MESSAGES.noAccess)
    expect(await ticketViewer(ctx, presence, SESSION)).toBe(user.id)
  })

  it('refuses a token of one purpose for any other', async () => {
    const { user, download, presence, oauthState } = await tokens()
    expect(await opened(presence, user.id)).toBe(DOWNLOAD_MESSAGES.invalid)
    expect(await opened(oauthState, user.id)).toBe(DOWNLOAD_MESSAGES.invalid)
    expect(await ticketViewer(ctx, download, SESSION)).toBeNull()
    expect(await ticketViewer(ctx, oauthState, SESSION)).toBeNull()
    await expect(openDocument(ctx, download, user.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(openDocument(ctx, presence, user.id)).rejects.toMatchObject({ code: 'FORBIDDEN' })
    for (const cookie of [download, presence]) {
      await expect(
        finishSocialLogin({ ctx, provider: 'google', code: 'x', state: 'y', cookie }),
      ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: SOCIAL_MESSAGES.failed })
    }
  })

  it('refuses a token signed with APP_SECRET itself, claims and audience right', async () => {
    const user = await createUser(db)
    const now = Math.floor(Date.now() / 1000)
    const raw = await new SignJWT({ kind: 'ebook', id: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setAudience('renalis:download')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(testEnv.APP_SECRET))
    expect(await opened(raw, user.id)).toBe(DOWNLOAD_MESSAGES.invalid)
  })
})
