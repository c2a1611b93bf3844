import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { featuredSlots } from '../../../db/schema/plans';

/**
 * A downgrade takes nothing down at once: the provider's slots beyond the new grant (the newest
 * first) are given an end, the old period's, and stay featured until then.
 */
export async function endFeaturedBeyondGrant(db: Executor, providerId: string, grant: number, endsAt: Date) {
  const open = await db
    .select({ listingId: featuredSlots.listingId })
    .from(featuredSlots)
    .where(and(eq(featuredSlots.providerId, providerId), isNull(featuredSlots.endsAt)))
    .orderBy(desc(featuredSlots.createdAt), desc(featuredSlots.listingId));
  const beyond = open.slice(Math.max(0, grant)).map((slot) => slot.listingId);
  if (beyond.length === 0) return;
  await db
    .update(featuredSlots)
    .set({ endsAt })
    .where(sql`${featuredSlots.listingId} in (${sql.join(beyond.map((id) => sql`${id}`), sql`, `)})`);
}
