/**
 * Credentials signed before issue 39 (no status entry, a header and claims OB 3.0 refuses) are
 * signed again in today's form: same code, same id, the certificate's facts, a status entry and a
 * pseudonymous subject; `validFrom` is the new signing (a newer version of the same credential),
 * `awardedDate` the issue. The scheduled job does it in bounded batches; a download does it at once.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm'
import { certificates } from '../../../db/schema.ts'
import type { AppContext } from '../../context.ts'
import { signCredential } from './credential.ts'
import type { CertificateRow } from './issue.ts'
import {
  currentStatusListQuery,
  entryIsFree,
  newCredentialSlot,
  STATUS_INDEX_DRAWS,
  statusListOfCount,
} from './status-list.ts'

/** Certificates a scheduled run signs again at most (two database round trips, whatever the number). */
export const RESIGN_BATCH = 50

const needsSigning = and(isNotNull(certificates.credential), isNull(certificates.statusIndex))

/** Signs `rows` again on new entries of `statusList`; answers the rows written (an entry taken is left for later). */
async function signAgain(ctx: AppContext, rows: CertificateRow[], statusList: number) {
  const drawn = new Set<number>()
  const signed = await Promise.all(
    rows.map(async (row) => {
      let slot = newCredentialSlot(statusList, row.recipientId)
      while (drawn.has(slot.statusIndex)) slot = newCredentialSlot(statusList, row.recipientId)
      drawn.add(slot.statusIndex)
      return { row, slot, credential: await signCredential(ctx.env, row, slot, ctx.now) }
    }),
  )
  // Not if another run signed it first, nor once the holder's data was erased (credential null).
  const writes = signed.map(({ row, slot, credential }) =>
    ctx.db
      .update(certificates)
      .set({ ...slot, credential })
      .where(and(eq(certificates.id, row.id), needsSigning, entryIsFree(slot)))
      .returning(),
  )
  const [first, ...rest] = writes
  if (!first) return []
  return (await ctx.db.batch([first, ...rest])).flat()
}

/** A scheduled run: the oldest credentials still in the old form, RESIGN_BATCH at most. */
export async function signOldCredentialsAgain(ctx: AppContext): Promise<{ signed: number }> {
  const [rows, entries] = await ctx.db.batch([
    ctx.db.select().from(certificates).where(needsSigning).orderBy(asc(certificates.id)).limit(RESIGN_BATCH),
    currentStatusListQuery(ctx),
  ])
  const signed = await signAgain(ctx, rows, statusListOfCount(entries))
  return { signed: signed.length }
}

/** The credential a download serves: signed again first when still in the old form; null when erased. */
export async function currentCredential(ctx: AppContext, row: CertificateRow): Promise<string | null> {
  let current = row
  for (let draw = 1; current.credential && current.statusIndex === null; draw++) {
    if (draw > STATUS_INDEX_DRAWS) throw new Error(`no free status entry for certificate ${row.code}`)
    const [written] = await signAgain(ctx, [current], statusListOfCount(await currentStatusListQuery(ctx)))
    if (written) return written.credential
    // Another request signed it first, or the index drawn was taken: read it as it is now.
    const [fresh] = await ctx.db.select().from(certificates).where(eq(certificates.id, row.id))
    if (!fresh) return null
    current = fresh
  }
  return current.credential
}
