import { type SQL, sql } from 'drizzle-orm';
import { listingEvents } from '../../../db/schema/alerts';
import { listings } from '../../../db/schema/listings';

/**
 * Listings that went live after `since` (the 'live' events a trigger records, migration 0039),
 * folded into an array first (an init plan, run once, through listing_events_live_idx), so the
 * catalogue's filters read only those rows by their key: a digest costs what is new, not what
 * the catalogue holds.
 */
export function wentLiveSince(since: Date): SQL {
  return sql`${listings.id} = any(array(select ${listingEvents.listingId} from ${listingEvents} where ${listingEvents.kind} = 'live' and ${listingEvents.at} > ${since.toISOString()}::timestamptz))`;
}
