import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { auditLog } from '../../../db/schema/audit';
import { users } from '../../../db/schema/users';

export type AuditEntryInput = {
  /** Null for what no person did: a payment provider's event (its id is in the details). */
  actorId: string | null;
  action: string;
  entityType: string;
  entityId?: string | number | null;
  details?: Record<string, unknown>;
};

/**
 * Records one administrator action. Call it inside the action's transaction, so both land or
 * neither. The actor's e-mail is copied in, so the entry still names them once they are deleted.
 */
export async function recordAudit(db: Executor, entry: AuditEntryInput) {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorId === null ? null : sql`(select ${users.email} from ${users} where ${users.id} = ${entry.actorId})`,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
    details: entry.details ?? null,
  });
}

/** The latest entries, newest first, with the actor's account (null once deleted) and their e-mail as recorded. */
export function listAuditEntries(db: Executor, limit: number, offset: number) {
  return db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      entityType: auditLog.entityType,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorEmail: auditLog.actorEmail,
      actor: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

export const countAuditEntries = async (db: Executor) => db.$count(auditLog);
