import { and, asc, between, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { categories } from '../../../db/schema/categories';
import { listingDailyFigures as f } from '../../../db/schema/daily-figures';
import { listings } from '../../../db/schema/listings';

/** A provider's listings, for the picker and to check that a listing asked for is theirs. */
export function findOwnListings(db: Executor, providerId: string) {
  return db
    .select({ id: listings.id, type: listings.type, slug: listings.slug, title: listings.title, status: listings.status, categoryId: listings.categoryId })
    .from(listings)
    .where(eq(listings.providerId, providerId))
    .orderBy(asc(listings.title), asc(listings.id));
}

// Each total is 0, not null, where no row matched: a period before the listing existed sums to zero.
const summed = {
  views: sql<number>`coalesce(sum(${f.views}), 0)::int`.mapWith(Number),
  uniqueVisitors: sql<number>`coalesce(sum(${f.uniqueVisitors}), 0)::int`.mapWith(Number),
  leads: sql<number>`coalesce(sum(${f.leads}), 0)::int`.mapWith(Number),
  favouritesAdded: sql<number>`coalesce(sum(${f.favouritesAdded}), 0)::int`.mapWith(Number),
  favouritesRemoved: sql<number>`coalesce(sum(${f.favouritesRemoved}), 0)::int`.mapWith(Number),
  websiteClicks: sql<number>`coalesce(sum(${f.websiteClicks}), 0)::int`.mapWith(Number),
  searchAppearances: sql<number>`coalesce(sum(${f.searchAppearances}), 0)::int`.mapWith(Number),
  categoryAppearances: sql<number>`coalesce(sum(${f.categoryAppearances}), 0)::int`.mapWith(Number),
  newReviews: sql<number>`coalesce(sum(${f.newReviews}), 0)::int`.mapWith(Number),
  ratingSum: sql<number>`coalesce(sum(${f.ratingSum}), 0)::int`.mapWith(Number),
  partnerApplications: sql<number>`coalesce(sum(${f.partnerApplications}), 0)::int`.mapWith(Number),
};

export type Sums = { [K in keyof typeof summed]: number };
export type DaySums = { day: string } & Sums;
type Owner = { listingId: number } | { providerId: string };

/*
 * Both read the rows of one listing, or of all of a provider's listings, from `from` to `to`
 * (inclusive). One listing reads a range of its primary key; a provider's listings are found
 * through listings_provider_id_idx, then each one's range. The key's index carries every counter
 * (migration 0023), so a range is read from it alone, a few pages a year, not one table page a day.
 */

/** The figures of each day from `from` to `to` that has any, added up over the owner's listings. */
export function findDailySums(db: Executor, owner: Owner, from: string, to: string): Promise<DaySums[]> {
  const days = between(f.day, from, to);
  const query = db.select({ day: f.day, ...summed }).from(f);
  const filtered =
    'listingId' in owner
      ? query.where(and(eq(f.listingId, owner.listingId), days))
      : query.innerJoin(listings, eq(listings.id, f.listingId)).where(and(eq(listings.providerId, owner.providerId), days));
  return filtered.groupBy(f.day).orderBy(f.day);
}

/**
 * The figures from `from` to `to` added up over the owner's listings, one row: the previous period
 * needs only its totals, and one sum costs about half of a sum per day.
 */
export async function findTotals(db: Executor, owner: Owner, from: string, to: string): Promise<Sums> {
  const days = between(f.day, from, to);
  const query = db.select(summed).from(f);
  const [row] =
    'listingId' in owner
      ? await query.where(and(eq(f.listingId, owner.listingId), days))
      : await query.innerJoin(listings, eq(listings.id, f.listingId)).where(and(eq(listings.providerId, owner.providerId), days));
  return row!;
}

export type CategoryComparisonRow = {
  name: string | null;
  liveListings: number;
  medianViews: number;
  medianLeads: number;
  medianLeadRate: number | null;
  rankByViews: number;
  rankByLeads: number;
  /** Whether the listing compared is one of the category's live listings. */
  includesListing: boolean;
};

/**
 * A listing against the live listings of its category over the range, in one statement: the
 * medians of their views, leads and lead rates (leads / unique visitors, of those with visitors),
 * and the listing's ranks (1 = most; ties share a rank: one plus the listings strictly ahead).
 * Listings without figures count zero. Each listing's range is read from the primary key's index
 * alone (it carries the counters, migration 0023) and summed on its own (a lateral aggregate:
 * about half the time of hashing every row by listing), and only one row comes back: the
 * answer carries medians and ranks, never another provider's own figures.
 */
export async function findCategoryComparison(db: Executor, categoryId: number, listingId: number, from: string, to: string): Promise<CategoryComparisonRow> {
  // Both drivers answer raw SQL with { rows }; the shared Database type cannot say so.
  const { rows } = (await db.execute(sql`
    with totals as (
      select l.id, s.views, s.visitors, s.leads
      from ${listings} l
      cross join lateral (
        select coalesce(sum(${f.views}), 0)::int as views, coalesce(sum(${f.uniqueVisitors}), 0)::int as visitors, coalesce(sum(${f.leads}), 0)::int as leads
        from ${f} where ${f.listingId} = l.id and ${f.day} between ${from} and ${to}
      ) s
      where l.category_id = ${categoryId} and l.status = 'approved'
    ),
    own as (select views, leads from totals where id = ${listingId})
    select
      (select ${categories.name} from ${categories} where ${categories.id} = ${categoryId}) as name,
      count(*)::int as live,
      percentile_cont(0.5) within group (order by t.views) as median_views,
      percentile_cont(0.5) within group (order by t.leads) as median_leads,
      percentile_cont(0.5) within group (order by t.leads::float8 / t.visitors) filter (where t.visitors > 0) as median_lead_rate,
      1 + count(*) filter (where t.views > own.views)::int as rank_by_views,
      1 + count(*) filter (where t.leads > own.leads)::int as rank_by_leads,
      count(own.views) > 0 as includes_listing
    from totals t left join own on true`)) as { rows: Record<string, unknown>[] };
  const row = rows[0]!;
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    name: (row.name as string | null) ?? null,
    liveListings: Number(row.live),
    medianViews: number(row.median_views) ?? 0,
    medianLeads: number(row.median_leads) ?? 0,
    medianLeadRate: number(row.median_lead_rate),
    rankByViews: Number(row.rank_by_views),
    rankByLeads: Number(row.rank_by_leads),
    includesListing: Boolean(row.includes_listing),
  };
}
