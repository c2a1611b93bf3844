import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listings } from '../../../db/schema/listings';
import { type FilterSample, filterSampleOf, type SampledListing, type SampledProgramme } from './filter-sample';
import { keptAMinute } from './kept-a-minute';

/**
 * About this many listings are sampled: a share of 1 % is then seen in about 20 listings of a
 * type holding half the catalogue, enough to size a slice, and the read takes about 12 ms at
 * 100,000 listings (4 ms of it in the database), once a minute, while searches go on with the
 * sample before (keptAMinute).
 */
const SAMPLED_LISTINGS = 2_000;

type Row = {
  type: SampledListing['type'];
  status: SampledListing['status'];
  price: number | null;
  rating: number;
  delivery_time: number | null;
  category_id: number;
  provider_id: string;
  programme_types: SampledProgramme['types'] | null;
  programme_visibility: SampledProgramme['visibility'];
  programme_white_label_level: SampledProgramme['whiteLabelLevel'];
  programme_margin_percent: number | null;
  programme_has_earnings: boolean;
  programme_commitment_months: number | null;
  programme_billing_model: string | null;
  programme_trial: boolean | null;
  programme_territories: string[] | null;
  programme_verified: boolean;
};

/** The programme's copies on a sampled row; none without programme_types, as programmeWhere tests it. */
function sampledProgramme(row: Row): SampledProgramme | null {
  if (row.programme_types === null) return null;
  return {
    types: row.programme_types,
    visibility: row.programme_visibility,
    whiteLabelLevel: row.programme_white_label_level,
    marginPercent: row.programme_margin_percent === null ? null : Number(row.programme_margin_percent),
    hasEarnings: row.programme_has_earnings,
    commitmentMonths: row.programme_commitment_months === null ? null : Number(row.programme_commitment_months),
    billingModel: row.programme_billing_model,
    trial: row.programme_trial,
    territories: row.programme_territories,
    verified: row.programme_verified,
  };
}

/**
 * A sample of the listings (filter-sample.ts), SYSTEM sampling of whole pages (it reads only
 * those), sized from the table's rows as its statistics count them, and every category's parent.
 * A margin is read as the `real` it is stored as, widened exactly to a double.
 */
export async function readFilterSample(db: Executor): Promise<FilterSample> {
  const counted = await db.execute(sql`select greatest(reltuples, 1)::float8 as rows from pg_class where oid = 'public.listings'::regclass`);
  const rows = Number((counted as unknown as { rows: { rows: number }[] }).rows[0]?.rows ?? 1);
  // A table never analyzed counts -1 rows (1 here): the whole of it, as a small one.
  const percent = rows <= 1 ? 100 : Math.min(100, (SAMPLED_LISTINGS / rows) * 100);
  const [sampled, tree] = await Promise.all([
    db.execute(sql`
      select ${listings.type} as type, ${listings.status} as status, ${listings.price}::float8 as price, ${listings.rating}::float8 as rating,
        ${listings.deliveryTime} as delivery_time, ${listings.categoryId} as category_id, ${listings.providerId} as provider_id,
        ${listings.programmeTypes} as programme_types, ${listings.programmeVisibility} as programme_visibility,
        ${listings.programmeWhiteLabelLevel} as programme_white_label_level, ${listings.programmeMarginPercent}::float8 as programme_margin_percent,
        ${listings.programmeEarningsPerClient} is not null as programme_has_earnings, ${listings.programmeCommitmentMonths} as programme_commitment_months,
        ${listings.programmeBillingModel} as programme_billing_model, ${listings.programmeTrial} as programme_trial,
        ${listings.programmeTerritories} as programme_territories, ${listings.programmeVerifiedAt} is not null as programme_verified
      from ${listings} tablesample system (${sql.raw(percent.toFixed(4))})`),
    db.select({ id: categories.id, parentId: categories.parentId }).from(categories),
  ]);
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  const sampledRows = (sampled as unknown as { rows: Row[] }).rows;
  return filterSampleOf(
    sampledRows.map((row) => ({
      type: row.type,
      status: row.status,
      price: row.price === null ? null : Number(row.price),
      rating: Number(row.rating),
      deliveryTime: row.delivery_time === null ? null : Number(row.delivery_time),
      categoryId: Number(row.category_id),
      providerId: row.provider_id,
      programme: sampledProgramme(row),
    })),
    new Map(tree.map((category) => [category.id, category.parentId])),
  );
}

/** readFilterSample, taken at most once a minute per database (keptAMinute). */
export function recentFilterSample(db: Executor): Promise<FilterSample> {
  return keptAMinute(db, 'filter sample', () => readFilterSample(db));
}
