import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sessions, users } from '../../db/schema/users';

/**
 * The session store of the auth plugin (auth.ts): sign-in sessions by the hash of their token.
 * Here, below the modules, because the plugin that every module's routes rely on reads them on
 * every signed-in request.
 */

export const insertSession = (db: Executor, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row);

export const deleteSession = (db: Executor, tokenHash: string) => db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

export const deleteSessionsOfUser = (db: Executor, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId));

/** Every session of the user but the one given: after a password change, only the browser that made it stays signed in. */
export const deleteOtherSessions = (db: Executor, userId: string, keepTokenHash: string) =>
  db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.tokenHash, keepTokenHash)));

/** A session unused this long ends, whatever its expiry (docs/decisions/0002-sessions.md). */
export const SESSION_IDLE_DAYS = 7;
/** last_seen_at is moved forward at most this often: one write an hour per session, not one per request. */
const LAST_SEEN_EVERY = sql`interval '1 hour'`;
const idleCutoff = sql`now() - make_interval(days => ${SESSION_IDLE_DAYS})`;

/** Sessions past their expiry or idle too long are never read again (findUserBySession skips them); start-up clears them out. */
export const deleteExpiredSessions = (db: Executor) =>
  db.delete(sessions).where(or(lte(sessions.expiresAt, sql`now()`), lte(sessions.lastSeenAt, idleCutoff)));

/** The user behind a live session, in one query: this runs on every signed-in request. */
export async function findUserBySession(db: Executor, tokenHash: string) {
  const rows = await db
    .select({ user: users, stale: sql<boolean>`${sessions.lastSeenAt} < now() - ${LAST_SEEN_EVERY}` })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`), gt(sessions.lastSeenAt, idleCutoff)))
    .limit(1);
  return rows[0];
}

/** Records that the session was used (the idle timeout counts from here); a no-op within the hour. */
export const touchSession = (db: Executor, tokenHash: string) =>
  db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, tokenHash), lte(sessions.lastSeenAt, sql`now() - ${LAST_SEEN_EVERY}`)));
