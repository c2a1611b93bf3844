import type { Executor } from '../../../db/client';
import { dailyFigures } from '../../../shared/insight';
import type { Insight, InsightDay, InsightQuery, InsightTotals } from '../../../shared/schemas/insight';
import { AppError } from '../../lib/app-error';
import { type DaySums, findCategoryComparison, findDailySums, findOwnListings, findTotals, type Sums } from './insight.queries';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A category is compared against only from this many live listings: fewer would let a provider work out another's figures. */
export const CATEGORY_MINIMUM = 5;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The days a query covers, today (UTC) last unless it is a custom range, and the period of the same length before. */
export function insightPeriods(query: Pick<InsightQuery, 'range' | 'from' | 'to'>, now: Date) {
  const today = dayMs(isoDay(now.getTime()));
  const [fromMs, toMs] =
    query.range === 'custom' ? [dayMs(query.from!), dayMs(query.to!)] : [today - (Number(query.range) - 1) * DAY_MS, today];
  const days = Math.round((toMs - fromMs) / DAY_MS) + 1;
  return {
    range: { range: query.range, from: isoDay(fromMs), to: isoDay(toMs), days },
    previous: { from: isoDay(fromMs - days * DAY_MS), to: isoDay(fromMs - DAY_MS) },
  };
}

const rate = (leads: number, visitors: number) => (visitors > 0 ? leads / visitors : null);

function toDay(day: string, sums: DaySums | undefined): InsightDay {
  const row = { day } as InsightDay;
  for (const { key } of dailyFigures) row[key] = sums?.[key] ?? 0;
  row.averageRating = sums && sums.newReviews > 0 ? Math.round((sums.ratingSum / sums.newReviews) * 10) / 10 : null;
  return row;
}

function totalsOf(current: DaySums[], previous: Sums): InsightTotals {
  const add = (rows: DaySums[], key: keyof Sums) => rows.reduce((sum, row) => sum + row[key], 0);
  const totals = {} as InsightTotals;
  for (const { key } of dailyFigures) totals[key] = { value: add(current, key), previous: previous[key] };
  totals.leadRate = { value: rate(totals.leads.value, totals.uniqueVisitors.value), previous: rate(totals.leads.previous, totals.uniqueVisitors.previous) };
  return totals;
}

/** The listing against its category: medians and its own ranks (1 = most), from CATEGORY_MINIMUM live listings on. */
async function categoryComparison(db: Executor, listing: { id: number; categoryId: number; status: string }, from: string, to: string): Promise<Insight['category']> {
  if (listing.status !== 'approved') return null;
  const { includesListing, name, ...comparison } = await findCategoryComparison(db, listing.categoryId, listing.id, from, to);
  if (comparison.liveListings < CATEGORY_MINIMUM || !includesListing) return null;
  return { name: name ?? '', ...comparison };
}

/**
 * GET /api/provider/insight: the figures of one of the provider's listings, or of all of them
 * together, day by day over the range, with each total against the previous period of the same
 * length. Another provider's listing is a 404, as a missing one.
 */
export async function providerInsight(db: Executor, providerId: string, query: InsightQuery, now = new Date()): Promise<Insight> {
  const { range, previous } = insightPeriods(query, now);
  const own = await findOwnListings(db, providerId);
  const listing = query.listing === undefined ? undefined : own.find((row) => row.id === query.listing);
  if (query.listing !== undefined && !listing) throw AppError.notFound('Listing not found');

  const owner = listing ? { listingId: listing.id } : { providerId };
  // Side by side, each on a connection of its own: the range by day, the previous period's totals, the category.
  const [current, before, category] = await Promise.all([
    findDailySums(db, owner, range.from, range.to),
    findTotals(db, owner, previous.from, previous.to),
    listing ? categoryComparison(db, listing, range.from, range.to) : null,
  ]);
  const byDay = new Map(current.map((row) => [row.day, row]));
  const days: InsightDay[] = [];
  for (let ms = dayMs(range.from); ms <= dayMs(range.to); ms += DAY_MS) days.push(toDay(isoDay(ms), byDay.get(isoDay(ms))));

  return {
    asOf: now.toISOString(),
    range,
    previous,
    listing: listing ? { id: listing.id, type: listing.type, slug: listing.slug, title: listing.title } : null,
    listings: own.map((row) => ({ id: row.id, title: row.title })),
    totals: totalsOf(current, before),
    days,
    category,
  };
}

/** The CSV of exactly the rows the screen's table shows: one line per day, the figures in the screen's order. */
export function insightCsv(insight: Insight): string {
  const quote = (value: string) => (/[",\n\r]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);
  const header = ['Day', ...dailyFigures.map((figure) => figure.label), 'Average rating'];
  const lines = insight.days.map((day) => [day.day, ...dailyFigures.map((figure) => String(day[figure.key])), day.averageRating === null ? '' : String(day.averageRating)]);
  return `\uFEFF${[header, ...lines].map((line) => line.map(quote).join(',')).join('\r\n')}\r\n`;
}
