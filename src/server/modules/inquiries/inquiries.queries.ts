import type { Executor } from '../../../db/client';
import { messages } from '../../../db/schema/messages';

export async function insertInquiry(db: Executor, row: Omit<typeof messages.$inferInsert, 'kind'>) {
  return (await db.insert(messages).values({ ...row, kind: 'listing' }).returning())[0]!;
}
