import type { Executor } from '../../../db/client';
import { messages } from '../../../db/schema/messages';

export async function insertSiteMessage(db: Executor, row: { senderId: string | null; name: string; email: string; subject: string; message: string }) {
  return (await db.insert(messages).values({ ...row, kind: 'site' }).returning())[0]!;
}
