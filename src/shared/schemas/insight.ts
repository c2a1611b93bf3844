import { z } from 'zod';
import { insightRanges, MAX_INSIGHT_DAYS } from '../insight';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = z
  .string({ error: 'dates are YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are YYYY-MM-DD')
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'not a calendar date');
const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/provider/insight (and .csv): a range of days, of one listing or of all the provider's. */
export const insightQuerySchema = z
  .object({
    range: z.preprocess(blankToUndefined, z.enum(insightRanges, { error: 'range must be 7, 30, 90, 365 or custom' }).default('30')),
    from: z.preprocess(blankToUndefined, isoDay.optional()),
    to: z.preprocess(blankToUndefined, isoDay.optional()),
    listing: z.preprocess(
      blankToUndefined,
      z.coerce.number({ error: 'listing must be a listing id' }).int('listing must be a listing id').positive('listing must be a listing id').max(2_147_483_647, 'listing must be a listing id').optional(),
    ),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return;
    if (!query.from || !query.to) return void context.addIssue({ code: 'custom', message: 'a custom range needs from and to', path: ['from'] });
    const days = (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS + 1;
    if (days < 1) context.addIssue({ code: 'custom', message: 'from must not be after to', path: ['from'] });
    else if (days > MAX_INSIGHT_DAYS) context.addIssue({ code: 'custom', message: `a range is at most ${MAX_INSIGHT_DAYS} days`, path: ['from'] });
  });

export type InsightQuery = z.output<typeof insightQuerySchema>;

const count = z.number().int();
const listingType = z.enum(['tools', 'services']);
/** One of each figure of src/shared/insight.ts (dailyFigures). */
const eachFigure = <T extends z.ZodType>(value: T) => ({
  views: value,
  uniqueVisitors: value,
  leads: value,
  favouritesAdded: value,
  favouritesRemoved: value,
  websiteClicks: value,
  searchAppearances: value,
  categoryAppearances: value,
  newReviews: value,
  partnerApplications: value,
});
const figureCounts = eachFigure(count);

export const insightDayJson = z.object({ day: z.string(), ...figureCounts, averageRating: z.number().nullable() });

const total = z.object({ value: z.number(), previous: z.number() });

export const insightJson = z
  .object({
    asOf: z.string().describe('When the figures were read; counts reach the database within a few seconds'),
    range: z.object({ range: z.enum(insightRanges), from: z.string(), to: z.string(), days: count }),
    previous: z.object({ from: z.string(), to: z.string() }),
    listing: z.object({ id: count, type: listingType, slug: z.string(), title: z.string() }).nullable(),
    listings: z.array(z.object({ id: count, title: z.string() })).describe('All your listings, for the picker'),
    totals: z.object({ ...eachFigure(total), leadRate: z.object({ value: z.number().nullable(), previous: z.number().nullable() }) }),
    days: z.array(insightDayJson),
    category: z
      .object({
        name: z.string(),
        liveListings: count,
        medianViews: z.number(),
        medianLeads: z.number(),
        medianLeadRate: z.number().nullable(),
        rankByViews: count,
        rankByLeads: count,
      })
      .nullable()
      .describe('Only for one live listing in a category of at least 5 live listings'),
  })
  .meta({ id: 'Insight' });

export type InsightDay = z.infer<typeof insightDayJson>;
export type Insight = z.infer<typeof insightJson>;
export type InsightTotals = Insight['totals'];
