import type { ListingEventRow } from './alerts.queries';
import { formatPrice } from '../../../shared/format';
import type { PriceType } from '../../../shared/types';

type Terms = Record<string, string | number | null> | null;

const billing: Record<string, string> = {
  provider_bills_agency: 'the provider bills you',
  provider_bills_client: 'the provider bills the client',
};

const termLines: { key: string; label: string; show: (value: string | number | null) => string }[] = [
  { key: 'marginPercent', label: 'Margin', show: (value) => (value === null ? 'not given' : `${Math.round(Number(value) * 10) / 10}%`) },
  { key: 'commitmentMonths', label: 'Commitment', show: (value) => (value === null || Number(value) === 0 ? 'none' : `${value} months`) },
  { key: 'billingModel', label: 'Billing', show: (value) => (value === null ? 'not given' : (billing[String(value)] ?? String(value))) },
  { key: 'whiteLabelLevel', label: 'White-label', show: (value) => (value === null ? 'not given' : String(value)) },
];

const priceOf = (event: ListingEventRow, terms: Terms) =>
  formatPrice({ type: event.listingType, price: terms?.price === null || terms?.price === undefined ? null : String(terms.price), priceType: (terms?.priceType ?? null) as PriceType | null });

/** One line per changed figure ("Margin: 30% → 25%"), and a sentence for the whole change. */
export function describeChange(event: ListingEventRow): { summary: string; changes: string[] } {
  switch (event.kind) {
    case 'taken_down':
      return { summary: `${event.title} is no longer listed.`, changes: [] };
    case 'programme_removed':
      return { summary: `${event.title} no longer has a partner programme.`, changes: [] };
    case 'price':
      return { summary: `The price of ${event.title} changed.`, changes: [`Price: ${priceOf(event, event.before)} → ${priceOf(event, event.after)}`] };
    case 'terms': {
      const changes = termLines
        .filter(({ key }) => !event.before || (event.before[key] ?? null) !== (event.after?.[key] ?? null))
        .map(({ key, label, show }) => (event.before ? `${label}: ${show(event.before[key] ?? null)} → ${show(event.after?.[key] ?? null)}` : `${label}: ${show(event.after?.[key] ?? null)}`));
      return { summary: event.before ? `The partner terms of ${event.title} changed.` : `${event.title} now has a partner programme.`, changes };
    }
    default:
      return { summary: `${event.title} went live.`, changes: [] };
  }
}
