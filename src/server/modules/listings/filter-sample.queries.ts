import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import type { FilterSample, SampledListing } from './filter-sample';
import { keptAMinute } from './kept-a-minute';

/**
 * About this many listings are sampled: a share of 1 % is then seen in about 20 listings of a
 * type holding half the catalogue, enough to size a slice, and the read takes about a millisecond
 * at 100,000 listings, once a minute.
 */
const SAMPLED_LISTINGS = 2_000;

type Row = { type: SampledListing['type']; status: SampledListing['status']; price: number | null; rating: number; delivery_time: number | null; category_id: number; provider_id: string };

/**
 * A sample of the listings (filter-sample.ts), SYSTEM sampling of whole pages (it reads only
 * those), sized from the table's rows as its statistics count them, and every category's parent.
 */
export async function readFilterSample(db: Executor): Promise<FilterSample> {
  const counted = await db.execute(sql`select greatest(reltuples, 1)::float8 as rows from pg_class where oid = 'public.listings'::regclass`);
  const rows = Number((counted as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 1);
  // A table never analyzed counts -1 rows (1 here): the whole of it, as a small one.
  const percent = rows <= 1 ? 100 : Math.min(100, (SAMPLED_LISTINGS / rows) * 100);
  const [sampled, tree] = await Promise.all([
    db.execute(sql`
      select ${listings.type} as type, ${listings.status} as status, ${listings.price}::float8 as price, ${listings.rating}::float8 as rating,
        ${listings.deliveryTime} as delivery_time, ${listings.categoryId} as category_id, ${listings.providerId} as provider_id
      from ${listings} tablesample system (${sql.raw(percent.toFixed(4))})`),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ]);
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  const sampledRows = (sampled as unknown as { rows: Row[] }).rows;
  return {
    listings: sampledRows.map((row) => ({
      type: row.type,
      status: row.status,
      price: row.price === null ? null : Number(row.price),
      rating: Number(row.rating),
      deliveryTime: row.delivery_time === null ? null : Number(row.delivery_time),
      categoryId: Number(row.category_id),
      providerId: row.provider_id,
    })),
    parents: new Map(tree.map((category) => [category.id, category.parentId])),
  };
}

/** readFilterSample, taken at most once a minute per database (keptAMinute). */
export function recentFilterSample(db: Executor): Promise<FilterSample> {
  return keptAMinute(db, 'filter sample', () => readFilterSample(db));
}
