import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { messages } from '../../../db/schema/messages';
import { users } from '../../../db/schema/users';

export async function insertSiteMessage(db: Executor, row: { senderId: string | null; name: string; email: string; subject: string; message: string }) {
  return (await db.insert(messages).values({ ...row, kind: 'site' }).returning())[0]!;
}

/** Where the contact page's messages are announced: every administrator's address. */
export async function findAdministratorEmails(db: Executor): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.isAdmin, true));
  return rows.map((row) => row.email);
}
