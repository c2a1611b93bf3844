import { z } from 'zod';
import type { PartnerProgrammeInput } from './partner-programme';

/**
 * The partner programme's columns of the listings file, each with the field of the programme
 * schema (src/shared/schemas/partner-programme.ts) it holds. All empty: the listing has no programme.
 */
export const programmeCsvFields = {
  programmeTypes: 'types',
  programmeVisibility: 'visibility',
  programmeWholesalePrice: 'wholesalePrice',
  programmeSuggestedRetailPrice: 'suggestedRetailPrice',
  programmeMinRetailPrice: 'minRetailPrice',
  programmeSetupFeeWholesale: 'setupFeeWholesale',
  programmeSetupFeeSuggested: 'setupFeeSuggested',
  programmeCommissionType: 'commissionType',
  programmeCommissionValue: 'commissionValue',
  programmeCommissionMonths: 'commissionMonths',
  programmeCookieDays: 'cookieDays',
  programmePayoutMinimum: 'payoutMinimum',
  programmePayoutFrequency: 'payoutFrequency',
  programmeBillingModel: 'billingModel',
  programmeBillingPeriod: 'billingPeriod',
  programmeCommitmentMonths: 'commitmentMonths',
  programmeAutoRenew: 'autoRenew',
  programmeEarlyCancellation: 'earlyCancellation',
  programmeTrialDays: 'trialDays',
  programmeDemoAccount: 'demoAccount',
  programmeInternalUseSeats: 'internalUseSeats',
  programmeWhiteLabel: 'whiteLabel',
  programmeTerritories: 'territories',
  programmeSupportModel: 'supportModel',
  programmeApplyUrl: 'applyUrl',
  programmeJoinApproval: 'joinApproval',
  programmeTermsUrl: 'termsUrl',
} as const satisfies Record<string, keyof PartnerProgrammeInput>;
export type ProgrammeCsvColumn = keyof typeof programmeCsvFields;
export const programmeCsvColumns = Object.keys(programmeCsvFields) as ProgrammeCsvColumn[];

/**
 * The CSV files of the admin Import / Export screen (docs/import-format.md): the column names are
 * the header row, in this order on export; an import may leave out optional columns and put the
 * rest in any order.
 */
export const listingCsvColumns = [
  'id',
  'slug',
  'type',
  'status',
  'title',
  'shortDescription',
  'description',
  'category',
  'price',
  'priceType',
  'deliveryTime',
  'tags',
  'features',
  'websiteUrl',
  'isFeatured',
  'provider',
  'rating',
  'reviewCount',
  'viewCount',
  'createdAt',
  'updatedAt',
  ...programmeCsvColumns,
  'programmeVerifiedAt',
  'programmeVerificationSource',
] as const;
export type ListingCsvColumn = (typeof listingCsvColumns)[number];

/** Columns an import must have: a listing is matched by type and slug, and these fields have no default. */
export const requiredListingColumns = ['slug', 'type', 'title', 'description', 'category'] as const satisfies ListingCsvColumn[];

/** Exported for reference (and so an exported file imports as it is), but computed by the site: an import ignores them. */
export const readOnlyListingColumns = [
  'id',
  'rating',
  'reviewCount',
  'viewCount',
  'createdAt',
  'updatedAt',
  // Administrators vouch for terms in the dashboard, after checking them; a file cannot.
  'programmeVerifiedAt',
  'programmeVerificationSource',
] as const satisfies ListingCsvColumn[];

export const categoryCsvColumns = ['type', 'slug', 'name', 'parent', 'description', 'icon'] as const;
export type CategoryCsvColumn = (typeof categoryCsvColumns)[number];
export const requiredCategoryColumns = ['type', 'slug', 'name'] as const satisfies CategoryCsvColumn[];

/**
 * Largest import: the request body and the number of data rows (beyond either, 413). A whole export must import back in one file: 100,000 listings with long descriptions make about
 * 80 MB. The server holds the file while it checks it (peak about 560 MB at 100k, docs/benchmarks.md).
 */
export const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** An answer lists at most this many errors; `errorCount` says how many there were in all. */
export const IMPORT_MAX_REPORTED_ERRORS = 500;

export const exportListingsQuerySchema = z.object({
  type: z.enum(['services', 'tools'], { error: 'type must be services or tools' }),
});

export const importQuerySchema = z.object({
  dryRun: z
    .enum(['true', 'false'], { error: 'dryRun must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
});

export const importErrorSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1, the first listing row 2. */
  row: z.number().int().min(1),
  /** The column at fault, or null when the row (or the file) as a whole is. */
  column: z.string().nullable(),
  message: z.string(),
});

export const importResultSchema = z.object({
  created: z.number().int().min(0),
  updated: z.number().int().min(0),
  unchanged: z.number().int().min(0),
  errors: z.array(importErrorSchema),
  /** All errors found; `errors` holds the first IMPORT_MAX_REPORTED_ERRORS of them. */
  errorCount: z.number().int().min(0),
  dryRun: z.boolean(),
});

/** A real import that found errors stored nothing: 422 with the same figures and a sentence. */
export const importRefusedSchema = importResultSchema.extend({ message: z.string() });

export type ImportError = z.infer<typeof importErrorSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;
export type ImportRefused = z.infer<typeof importRefusedSchema>;
