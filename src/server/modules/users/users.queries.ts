import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { sessions, users } from '../../../db/schema/users';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export const findUserById = async (db: Executor, id: string) =>
  (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];

export const findUserByEmail = async (db: Executor, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1))[0];

export const findUserBySlug = async (db: Executor, slug: string) =>
  (await db.select().from(users).where(eq(users.slug, slug)).limit(1))[0];

export const insertUser = async (db: Executor, row: NewUserRow) => (await db.insert(users).values(row).returning())[0]!;

export const updateUser = async (db: Executor, id: string, changes: Partial<NewUserRow>) =>
  (await db.update(users).set({ ...changes, updatedAt: new Date() }).where(eq(users.id, id)).returning())[0];

export const insertSession = (db: Executor, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row);

export const deleteSession = (db: Executor, tokenHash: string) => db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));

export const deleteSessionsOfUser = (db: Executor, userId: string) => db.delete(sessions).where(eq(sessions.userId, userId));

/** Sessions past their expiry are never read again (findUserBySession skips them); start-up clears them out. */
export const deleteExpiredSessions = (db: Executor) => db.delete(sessions).where(lte(sessions.expiresAt, new Date()));

/** The user behind a live session, in one query: this runs on every signed-in request. */
export async function findUserBySession(db: Executor, tokenHash: string) {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return rows[0]?.user;
}
