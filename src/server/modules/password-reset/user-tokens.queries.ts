import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { userTokens } from '../../../db/schema/users';

export type TokenPurpose = (typeof userTokens.$inferInsert)['purpose'];

export async function insertUserToken(db: Executor, row: typeof userTokens.$inferInsert) {
  await db.insert(userTokens).values(row);
}

/** The token row, locked so that two uses of one link at the same moment cannot both succeed. */
export async function lockUserToken(db: Executor, tokenHash: string, purpose: TokenPurpose) {
  const [row] = await db
    .select()
    .from(userTokens)
    .where(and(eq(userTokens.tokenHash, tokenHash), eq(userTokens.purpose, purpose)))
    .limit(1)
    .for('update');
  return row;
}

/** Uses up every open link of that purpose for the user: only the newest link, used once, ever works. */
export async function expireOpenTokens(db: Executor, userId: string, purpose: TokenPurpose) {
  await db
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
