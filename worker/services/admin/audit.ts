import { and, count, desc, eq, type SQL } from 'drizzle-orm'
import { auditLog, users } from '../../../db/schema.ts'
import type { AuditPage, AuditQuery } from '../../contract/admin.ts'
import { auditEntityLabel, auditLabel } from '../../domain/audit.ts'
import { type AdminRead, listPage } from './internal.ts'

/** GET /api/admin/auditoria: the audit log, newest first, optionally of one entity. */
export async function listAuditLog({ ctx, query }: AdminRead<typeof AuditQuery>): Promise<AuditPage> {
  const filters: SQL[] = []
  if (query.entity) filters.push(eq(auditLog.entity, query.entity))
  if (query.entity_id) filters.push(eq(auditLog.entityId, query.entity_id))
  const where = filters.length ? and(...filters) : undefined
  const { db } = ctx
  return listPage(ctx, query, {
    count: db.select({ total: count() }).from(auditLog).where(where),
    rows: db
      .select({ entry: auditLog, actorName: users.name, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id)),
    toItem: ({ entry, actorName, actorEmail }) => ({
      id: entry.id,
      action: entry.action,
      label: auditLabel(entry.action),
      entity: entry.entity,
      entity_label: auditEntityLabel(entry.entity),
      entity_id: entry.entityId,
      actor:
        entry.actorUserId !== null && actorName !== null
          ? { id: entry.actorUserId, name: actorName, email: actorEmail ?? '' }
          : null,
      ip: entry.ip,
      data: entry.data ?? null,
      created_at: entry.createdAt.toISOString(),
    }),
  })
}
