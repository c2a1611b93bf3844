import type { ListingType, PriceType, ProviderSummary } from './types';
import { countOf } from './plural';

/**
 * How prices, delivery times, ratings and names read everywhere (SPEC.md section 9), written once
 * so the card, the detail page, the dashboards and the trending list never disagree.
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

export const CONTACT_FOR_PRICING = 'Contact for pricing';

/** A whole-dollar amount: '$1,500'. Null when the value is missing or not a number. */
export function formatDollars(amount: string | number | null | undefined): string | null {
  if (amount === null || amount === undefined || String(amount).trim() === '') return null;
  const value = Number(amount);
  return Number.isFinite(value) ? usd.format(value) : null;
}

/**
 * A listing's price as shown to buyers: tools a plain '$29'; services 'Starting at $1,500' (fixed,
 * a one-off price that is a floor), '$99/month' or '$50/hour'; no price 'Contact for pricing'.
 */
export function formatPrice(listing: { type: ListingType; price: string | null; priceType: PriceType | null }): string {
  const dollars = formatDollars(listing.price);
  if (dollars === null) return CONTACT_FOR_PRICING;
  if (listing.type === 'tools') return dollars;
  switch (listing.priceType) {
    case 'fixed':
      return `Starting at ${dollars}`;
    case 'monthly':
      return `${dollars}/month`;
    case 'hourly':
      return `${dollars}/hour`;
    default:
      return dollars;
  }
}

/**
 * 'N days' as the spec says; a single day reads '1 day' because '1 days' looks like a typo to a
 * buyer. Null when there is no delivery time (tools).
 */
export function formatDelivery(days: number | null | undefined): string | null {
  if (days === null || days === undefined || !Number.isFinite(days) || days <= 0) return null;
  return countOf(days, 'day');
}

/** An average rating to one decimal: '4.0', and '0.0' when there is none. */
export function formatAverage(rating: number | null | undefined): string {
  const value = typeof rating === 'number' && Number.isFinite(rating) ? rating : 0;
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** '12 reviews', '1 review'. */
export function formatReviewCount(count: number): string {
  return countOf(count, 'review');
}

/** '4.5 (12 reviews)', or 'No reviews' when nobody has rated it yet. */
export function formatRating(rating: number, reviewCount: number): string {
  if (!reviewCount) return 'No reviews';
  return `${formatAverage(rating)} (${formatReviewCount(reviewCount)})`;
}

/** The name a provider goes by: the company if there is one, else the person, else the e-mail's name. */
export function formatProviderName(provider: Pick<ProviderSummary, 'companyName' | 'firstName' | 'lastName'> & { email?: string } | null | undefined): string {
  if (!provider) return 'Unknown provider';
  if (provider.companyName?.trim()) return provider.companyName.trim();
  const person = formatPersonName(provider);
  if (person) return person;
  return provider.email?.split('@')[0] ?? 'Unknown provider';
}

/** Who a listing is by: its provider, or the company an unclaimed listing is for (docs/decisions/listing-claims.md). */
export function formatListingBy(listing: { provider: Parameters<typeof formatProviderName>[0]; unclaimedCompany: string | null }): string {
  if (!listing.provider && listing.unclaimedCompany) return listing.unclaimedCompany;
  return formatProviderName(listing.provider);
}

/** 'Ada Lovelace' from whichever of the two names exist; '' when neither does. */
export function formatPersonName(person: { firstName: string | null; lastName: string | null }): string {
  return [person.firstName, person.lastName].filter((part) => part && part.trim()).map((part) => part!.trim()).join(' ');
}

/** Up to two initials for an avatar fallback: 'AL'. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
  return letters || '?';
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
const longDateUtc = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/**
 * 'November 22, 2026' for an ISO timestamp, in the reader's time zone, or in UTC when `utc`: a
 * server render does not know the reader's zone. '' when it is not a date.
 */
export function formatDate(iso: string, { utc = false }: { utc?: boolean } = {}): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : (utc ? longDateUtc : longDate).format(date);
}
