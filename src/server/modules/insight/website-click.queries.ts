import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import type { ListingType } from '../../../shared/types';

/** What a click out to a listing's website needs: whether it is live, whose it is, and the stored address. */
export async function findWebsiteTarget(db: Executor, type: ListingType, id: number) {
  const [row] = await db
    .select({ id: listings.id, status: listings.status, providerId: listings.providerId, websiteUrl: listings.websiteUrl })
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.type, type)));
  return row;
}
