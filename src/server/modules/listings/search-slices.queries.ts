import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { keptAMinute } from './kept-a-minute';

/** Creation times (milliseconds) of the newest and oldest listing of a type and status. */
export type CreationSpan = { newest: number; oldest: number };

/** Two probes of listings_type_status_created_idx; undefined when there is no listing. */
export async function findCreationSpan(db: Executor, type: ListingType, status: ListingStatus): Promise<CreationSpan | undefined> {
  const live = sql`${listings.type} = ${type} and ${listings.status} = ${status}`;
  const ms = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;
  const result = await db.execute(sql`
    select ${ms(sql`max(${listings.createdAt})`)} as newest, ${ms(sql`min(${listings.createdAt})`)} as oldest from ${listings} where ${live}`);
  const [row] = (result as unknown as { rows: { newest: number | null; oldest: number | null }[] }).rows;
  return row?.newest == null || row.oldest == null ? undefined : { newest: Number(row.newest), oldest: Number(row.oldest) };
}

/** findCreationSpan, asked at most once a minute per database, type and status (keptAMinute). */
export function recentCreationSpan(db: Executor, type: ListingType, status: ListingStatus): Promise<CreationSpan | undefined> {
  return keptAMinute(db, `span ${type} ${status}`, () => findCreationSpan(db, type, status));
}
