import { z } from 'zod';

/**
 * Saved searches and favourites' alerts (docs/decisions/alerts.md): what the list page's "Alert me
 * to new matches" form and the dashboard send, and what the API answers.
 */

export const alertFrequencies = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof alertFrequencies)[number];
export const favouriteMailChoices = ['instant', 'digest', 'off'] as const;
export type FavouriteMailChoice = (typeof favouriteMailChoices)[number];

export const SAVED_SEARCH_NAME_MAX = 80;
/** Enough for any member; more would be a script. */
export const SAVED_SEARCHES_PER_MEMBER = 50;

const name = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`);
const frequency = z.enum(alertFrequencies, { error: 'Frequency must be daily or weekly' });

/** The query keys a list address may carry besides paging (the catalogue's filters, read again by its own schema). */
export const savedFilterKeys = [
  'search',
  'categoryId',
  'minPrice',
  'maxPrice',
  'deliveryTime',
  'rating',
  'programme',
  'whiteLabel',
  'minMargin',
  'maxCommitment',
  'billing',
  'trial',
  'territory',
  'verified',
  'sort',
] as const;

/** POST /api/saved-searches. `address` is the page it was saved from; `filters` what that page asks the catalogue for. */
export const savedSearchCreateSchema = z.object({
  name,
  frequency,
  type: z.enum(['tools', 'services'], { error: 'type must be tools or services' }),
  address: z
    .string({ error: 'address is required' })
    .max(2000, 'address is too long')
    .regex(/^\/(tools|services|category\/[a-z0-9-]+)(\?[^#\s]*)?$/, 'address must be a list, search or category page of this site'),
  filters: z.partialRecord(z.enum(savedFilterKeys, { error: 'filters holds an unknown key' }), z.string().max(500, 'a filter value is too long')),
});
export type SavedSearchCreate = z.output<typeof savedSearchCreateSchema>;

/** PATCH /api/saved-searches/{id}: rename, change frequency (which turns its mail back on). */
export const savedSearchUpdateSchema = z
  .object({ name: name.optional(), frequency: frequency.optional() })
  .refine((body) => body.name !== undefined || body.frequency !== undefined, { message: 'Nothing to change', path: ['name'] });

export const savedSearchIdParams = z.object({ id: z.coerce.number({ error: 'id must be a number' }).int('id must be a whole number').min(1).max(2_147_483_647) });

export const savedSearchJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(['tools', 'services']),
    address: z.string(),
    frequency: z.enum(alertFrequencies),
    mailing: z.boolean().describe('False once unsubscribed from its e-mail'),
    lastDigestAt: z.string().describe('ISO 8601: matches are listings that went live after this'),
    createdAt: z.string(),
  })
  .meta({ id: 'SavedSearch' });
export type SavedSearch = z.output<typeof savedSearchJson>;

export const alertSettingsSchema = z.object({ favouriteMail: z.enum(favouriteMailChoices, { error: 'favouriteMail must be instant, digest or off' }) });
export type AlertSettings = z.output<typeof alertSettingsSchema>;

export const favouriteAlertJson = z
  .object({
    id: z.number().int(),
    kind: z.enum(['terms', 'programme_removed', 'price', 'taken_down']),
    listingId: z.number().int(),
    listingType: z.enum(['tools', 'services']),
    title: z.string(),
    /** The listing's page, or null when it is gone. */
    href: z.string().nullable(),
    /** One line per change: "Margin: 30% → 25%". */
    changes: z.array(z.string()),
    summary: z.string(),
    at: z.string(),
  })
  .meta({ id: 'FavouriteAlert' });
export type FavouriteAlert = z.output<typeof favouriteAlertJson>;

/** The signed link of an alert mail: which list (a saved search, or the favourites' mail) and for whom. */
export const unsubscribeQuerySchema = z.object({
  list: z.string().regex(/^(search-\d{1,10}|favourites)$/, 'list is not valid'),
  user: z.string().min(1, 'user is missing').max(100),
  sig: z.string().min(1, 'sig is missing').max(100),
});
