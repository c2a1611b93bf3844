import { partnerProgrammes } from '../schema/partner-programmes';
import { partnerProgrammeSchema, programmeListingIssues, type PartnerProgrammeInput, type PartnerProgrammeTerms } from '../../shared/schemas/partner-programme';
import type { Random } from './random';
import type { Executor } from '../client';
import { termsToColumns } from '../partner-programme-terms';
import { programmeCaches } from '../partner-programme-caches';

const DAY = 24 * 60 * 60 * 1000;
const COUNTRY_SETS = [[], [], [], ['US', 'CA'], ['GB', 'IE'], ['US', 'GB', 'AU', 'NZ'], ['DE', 'AT', 'CH'], ['FR', 'BE']];
const WHITE_LABEL_SETS = [
  ['own_logo', 'own_colours', 'custom_domain', 'email_from_agency_domain', 'branded_reports', 'client_portal', 'vendor_branding_removed', 'non_solicitation'],
  ['own_logo', 'custom_domain', 'branded_reports', 'vendor_branding_removed', 'non_solicitation'],
  ['own_logo', 'own_colours', 'branded_reports'],
  ['own_logo'],
  [],
] as const;

type SeedListing = { id: number; price: string | null; priceType: 'fixed' | 'monthly' | 'hourly' | null; type: 'services' | 'tools' };

/** A billing period the listing's price type goes with (the schema's rule): a one-off price once, a monthly one monthly. */
function billingPeriodFor(random: Random, priceType: SeedListing['priceType']): PartnerProgrammeTerms['billingPeriod'] {
  if (priceType === 'fixed') return 'one_time';
  if (priceType === 'monthly') return 'monthly';
  if (priceType === 'hourly') return random.pick(['one_time', 'monthly'] as const);
  return random.pick(['monthly', 'monthly', 'annual', 'one_time'] as const);
}

/**
 * Realistic partner terms for a listing, drawn from `random`: resale at 50-75 % of the price, or
 * a referral or affiliate commission; some members only, some on request; billed as the listing's
 * price type says. Checked with the one schema and its rule against the listing, so the demo and
 * the bulk catalogue hold nothing the dialog, the API or the import would refuse.
 */
export function programmeFor(random: Random, listing: SeedListing) {
  const price = listing.price === null ? null : Number(listing.price);
  const kind = random.weighted([
    ['white_label_resale', 4],
    ['branded_resale', 2],
    ['referral', 3],
    ['affiliate', 2],
  ] as const);
  const visibility = price === null || random.chance(0.12) ? 'on_request' : random.chance(0.2) ? 'members' : 'public';
  const resale = kind === 'white_label_resale' || kind === 'branded_resale';
  const alsoRefers = resale && random.chance(0.2);
  const wholesale = price === null ? null : Math.round(price * (0.5 + random.next() * 0.25) * 100) / 100;
  const billingPeriod = billingPeriodFor(random, listing.priceType);
  const commitmentMonths = billingPeriod === 'one_time' ? 0 : billingPeriod === 'annual' ? random.pick([12, 12, 24]) : random.pick([0, 0, 0, 3, 6, 12, 24]);
  const terms: PartnerProgrammeInput = {
    types: alsoRefers ? [kind, 'referral'] : [kind],
    visibility,
    ...(resale && wholesale !== null && { wholesalePrice: String(wholesale), ...(random.chance(0.3) && { minRetailPrice: String(Math.round(((wholesale + price!) / 2) * 100) / 100) }) }),
    ...(resale && random.chance(0.3) && { setupFeeWholesale: String(random.int(1, 4) * 50), setupFeeSuggested: String(random.int(5, 10) * 50) }),
    ...((!resale || alsoRefers) && {
      commissionType: random.chance(0.75) ? 'percent' : 'flat',
      commissionMonths: random.pick([0, 6, 12, 12, 24, 'lifetime'] as const),
      payoutMinimum: random.pick(['50', '100']),
      payoutFrequency: random.pick(['monthly', 'quarterly'] as const),
    }),
    billingModel: resale ? 'provider_bills_agency' : 'provider_bills_client',
    billingPeriod,
    commitmentMonths,
    autoRenew: billingPeriod !== 'one_time' && random.chance(0.6),
    earlyCancellation: commitmentMonths === 0 ? 'allowed' : random.pick(['allowed', 'fee', 'not_allowed'] as const),
    trialDays: random.pick([0, 0, 7, 14, 30]),
    demoAccount: random.chance(0.5),
    internalUseSeats: random.pick([0, 0, 1, 3, 10]),
    whiteLabel: kind === 'white_label_resale' ? [...random.pick(WHITE_LABEL_SETS.slice(0, 3))] : resale ? [...random.pick(WHITE_LABEL_SETS.slice(2))] : [],
    territories: random.pick(COUNTRY_SETS),
    supportModel: random.pick(kind === 'white_label_resale' ? (['provider_supports_agency', 'provider_supports_client_white_label', 'agency_first_line'] as const) : (['provider_supports_agency', 'agency_first_line'] as const)),
    applyUrl: `https://partners.example.com/apply/${listing.type}-${listing.id}`,
    joinApproval: random.chance(0.4) ? 'instant' : 'reviewed',
    ...(random.chance(0.5) && { termsUrl: `https://partners.example.com/terms/${listing.type}-${listing.id}` }),
  };
  if (terms.commissionType) terms.commissionValue = terms.commissionType === 'percent' ? String(random.pick([10, 15, 20, 25, 30])) : String(random.pick([25, 50, 100, 200]));
  if (kind === 'affiliate') terms.cookieDays = random.pick([30, 60, 90]);
  const parsed = partnerProgrammeSchema.parse(terms);
  const [contradiction] = programmeListingIssues(listing.priceType, parsed);
  if (contradiction) throw new Error(`Seed programme of ${listing.type} ${listing.id}: ${contradiction.message}`);
  return parsed;
}

/**
 * Partner programmes for about `share` of `listings`: a third verified lately, some verified over
 * 180 days ago (stale), the rest unverified.
 */
export async function insertSeedProgrammes(db: Executor, random: Random, listings: SeedListing[], share: number, now: Date) {
  const rows = listings
    .filter(() => random.chance(share))
    .map((listing) => {
      const verified = random.weighted([
        ['recent', 4],
        ['stale', 2],
        ['none', 4],
      ] as const);
      const verifiedAt = verified === 'none' ? null : new Date(now.getTime() - (verified === 'recent' ? random.int(1, 150) : random.int(200, 500)) * DAY);
      const terms = programmeFor(random, listing);
      return {
        listingId: listing.id,
        ...termsToColumns(terms),
        ...programmeCaches(terms, listing),
        verifiedAt,
        verificationSource: verifiedAt ? random.pick(['document', 'vendor_portal', 'call'] as const) : null,
      };
    });
  for (let start = 0; start < rows.length; start += 1_000) await db.insert(partnerProgrammes).values(rows.slice(start, start + 1_000));
  return rows.length;
}
