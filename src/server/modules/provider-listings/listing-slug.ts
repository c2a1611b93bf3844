import type { Executor } from '../../../db/client';
import { databaseErrorOf } from '../../../db/database-error';
import { slugify } from '../../../shared/slug';
import type { ListingType } from '../../../shared/types';
import { findSimilarSlugs } from './provider-listings.queries';
import { listingNoun } from '../../../shared/listing-type';

const MAX_SLUG_LENGTH = 80;

/** The unique index that keeps slugs apart within a listing type (src/db/schema/listings.ts). */
const SLUG_INDEX = 'listings_type_slug_unique';

const SLUG_ATTEMPTS = 3;

/**
 * A readable slug from the title, unique within the listing type: "seo-audit", then "seo-audit-2",
 * "seo-audit-3" ... An all-digit slug would be read as an id by /tool/{id or slug}, so it gets
 * the type's name in front ("tool-2024").
 */
export async function uniqueListingSlug(db: Executor, type: ListingType, title: string, exceptId?: number): Promise<string> {
  const noun = listingNoun(type);
  let base = slugify(title).slice(0, MAX_SLUG_LENGTH).replace(/-+$/, '') || noun;
  if (/^\d+$/.test(base)) base = `${noun}-${base}`;
  const taken = await findSimilarSlugs(db, type, base, exceptId);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}

const isSlugClash = (err: unknown) => {
  const database = databaseErrorOf(err);
  return database?.code === '23505' && database.constraint === SLUG_INDEX;
};

/**
 * Runs a write (a whole transaction) that picks its slug with uniqueListingSlug. Two writes with the
 * same title at the same moment both see the slug free and the second fails on the unique index;
 * running it again picks a fresh slug that sees the first one's. Any other error, or a clash on
 * every attempt, is thrown as it is.
 */
export async function retryOnSlugClash<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= SLUG_ATTEMPTS || !isSlugClash(err)) throw err;
    }
  }
}
