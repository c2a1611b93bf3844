import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema/users';

export type { UserRow } from '../../../db/schema/users';
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
