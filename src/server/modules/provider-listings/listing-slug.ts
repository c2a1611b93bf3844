import type { Executor } from '../../../db/client';
import { slugify } from '../../../shared/slug';
import type { ListingType } from '../../../shared/types';
import { findSimilarSlugs } from './provider-listings.queries';
import { listingNoun } from '../../../shared/listing-type';

const MAX_SLUG_LENGTH = 80;

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
