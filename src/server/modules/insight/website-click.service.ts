import type { Database } from '../../../db/client';
import type { ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import { countsViews } from '../../lib/counts-views';
import type { DailyCounts } from '../../lib/daily-counts';
import { listingNotFoundMessage } from '../listings/listing-params';
import { findWebsiteTarget } from './website-click.queries';

/** Only web addresses leave the site through the redirect, whatever an old row may hold. */
const isWebAddress = (value: string) => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * GET /api/{type}/{id}/website: where a click out to a live listing's website goes, always and only
 * its stored address (the request names a listing, never a target, so the route cannot be used to
 * send anyone elsewhere). The click counts for the listing's daily figures unless it comes from a
 * bot or the owner.
 */
export async function websiteClick(
  db: Database,
  counts: DailyCounts,
  type: ListingType,
  id: number,
  who: { userId: string | undefined; userAgent: string | undefined },
): Promise<string> {
  const target = await findWebsiteTarget(db, type, id);
  if (!target || target.status !== 'approved') throw AppError.notFound(listingNotFoundMessage(type));
  if (!target.websiteUrl || !isWebAddress(target.websiteUrl)) throw AppError.notFound('This listing has no website');
  if (countsViews(who.userAgent) && who.userId !== target.providerId) counts.add(target.id, 'websiteClicks');
  return target.websiteUrl;
}
