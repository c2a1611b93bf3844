import { calculate, type FigureInput } from '../../../shared/partner-figures';
import { whiteLabelFeatures } from '../../../shared/partner-programme-values';
import {
  billingPeriodLabels,
  billingSentence,
  commissionDuration,
  commitmentText,
  cookieWindowText,
  earlyCancellationLabels,
  formatMoney,
  formatPercent,
  programmeTypeLabels,
  supportLabels,
  verifiedText,
  visibilityLabels,
  whiteLabelLabels,
} from '../../../shared/partner-wording';
import { formatDelivery, formatPrice, formatAverage } from '../../../shared/format';
import type { CompareItem } from '../../../shared/schemas/compare';
import type { PartnerProgrammeJson } from '../../../shared/schemas/partner-programme-json';
import { countOf } from '../../../shared/plural';

export type CompareRow = { label: string; values: string[]; differs: boolean };
export type CompareSection = { title: string; rows: CompareRow[] };
export type SharedCalculation = { price: number | null; markup: number | null; clients: number };

const NONE = '—';

/** A number the viewer may not see says why, as the listing's panel does. */
const hiddenText = (p: PartnerProgrammeJson) => (p.visibility === 'on_request' ? 'On request' : 'Members only');

/**
 * A row differs when the listings it really describes disagree: a programme's term is compared
 * among the listings that have a programme (the "Programme" row already says which have none), and
 * a partner number among those whose numbers this viewer sees ("Members only" is not a value).
 * Fewer than two such listings, or all of them equal (all "—" included), and the row is not marked.
 */
function row(label: string, values: string[], compared: boolean[] = values.map(() => true)): CompareRow {
  const kept = values.filter((_, index) => compared[index]);
  return { label, values, differs: kept.length > 1 && new Set(kept).size > 1 };
}

/**
 * The comparison's rows, one value per listing, as text: what the table shows and what decides
 * whether a row differs. Rows of programme numbers say "Members only" or "On request" where the
 * server left the number out, and "—" where a listing has no programme or the term is not given.
 */
export function compareSections(items: CompareItem[], calc: SharedCalculation | null): CompareSection[] {
  const listing = (label: string, value: (item: CompareItem) => string) => row(label, items.map(value));
  const hasProgramme = items.map((item) => item.programme !== null);
  const seesNumbers = items.map((item) => item.programme !== null && !item.programme.numbersHidden);
  const terms = (label: string, value: (p: PartnerProgrammeJson) => string, compared = hasProgramme) =>
    row(
      label,
      items.map((item) => (item.programme ? value(item.programme) : NONE)),
      compared,
    );
  const numbers = (label: string, value: (p: PartnerProgrammeJson) => string | null) => terms(label, (p) => (p.numbersHidden ? hiddenText(p) : (value(p) ?? NONE)), seesNumbers);
  const money = (p: PartnerProgrammeJson, amount: string | null) => (amount === null ? null : formatMoney(amount, p.priceUnit));

  const results = items.map((item) => {
    const p = item.programme;
    if (!p || p.numbersHidden || !calc) return null;
    const input: FigureInput = { ...p, listingPrice: p.listingPrice, priceUnit: p.priceUnit };
    return calculate(input, { price: calc.price, markup: calc.markup, clients: calc.clients, months: 12 });
  });
  const figure = (label: string, value: (result: NonNullable<(typeof results)[number]>, p: PartnerProgrammeJson) => string | null) =>
    row(
      label,
      items.map((item, index) => {
        const p = item.programme;
        if (!p) return NONE;
        if (p.numbersHidden) return hiddenText(p);
        const result = results[index];
        return result ? (value(result, p) ?? NONE) : NONE;
      }),
      seesNumbers,
    );

  const sections: CompareSection[] = [
    {
      title: 'Listing',
      rows: [
        listing('Type', (item) => (item.listing.type === 'tools' ? 'Tool' : 'Service')),
        listing('Category', (item) => item.listing.category?.name ?? NONE),
        listing('Price', (item) => formatPrice(item.listing)),
        listing('Rating', (item) => (item.listing.reviewCount > 0 ? `${formatAverage(item.listing.rating)} out of 5` : 'No rating yet')),
        listing('Reviews', (item) => String(item.listing.reviewCount)),
        listing('Delivery', (item) => formatDelivery(item.listing.deliveryTime) ?? NONE),
      ],
    },
    {
      title: 'Partner programme',
      rows: [
        row('Programme', items.map((item) => (item.programme ? item.programme.types.map((type) => programmeTypeLabels[type]).join(', ') : 'No partner programme'))),
        terms('Partner numbers shown to', (p) => visibilityLabels[p.visibility]),
        terms('Verified', (p) => (p.verifiedAt ? `${verifiedText(p.verifiedAt)}${p.stale ? ' (over 6 months ago)' : ''}` : 'Not verified yet')),
        numbers('You pay (wholesale)', (p) => money(p, p.wholesalePrice)),
        numbers('Suggested retail', (p) => money(p, p.suggestedRetailPrice)),
        numbers('Minimum retail', (p) => money(p, p.minRetailPrice)),
        numbers('Setup fee you pay', (p) => money(p, p.setupFeeWholesale)),
        numbers('Suggested setup fee', (p) => money(p, p.setupFeeSuggested)),
        numbers('Margin', (p) => (p.figures.margin === null ? null : formatPercent(p.figures.margin))),
        numbers('Markup', (p) => (p.figures.markup === null ? null : formatPercent(p.figures.markup))),
        numbers('Commission', (p) =>
          p.commissionType && p.commissionValue !== null
            ? `${p.commissionType === 'percent' ? formatPercent(Number(p.commissionValue)) : formatMoney(p.commissionValue)} ${commissionDuration(p.commissionMonths)}`
            : null,
        ),
        numbers('Earnings per client (estimate)', (p) => (p.figures.earningsPerClientMonth === null ? null : `${formatMoney(p.figures.earningsPerClientMonth)}/mo over 12 months`)),
        terms('Cookie window', (p) => (p.cookieDays === null ? NONE : cookieWindowText(p.cookieDays))),
        numbers('Payout minimum', (p) => money(p, p.payoutMinimum)),
        terms('Payout', (p) => p.payoutFrequency?.replace('_', ' ') ?? NONE),
        // The sentence holds the price the agency pays, which some viewers may not see.
        terms('Billing', (p) => billingSentence(p), seesNumbers),
        terms('Commitment', (p) => commitmentText(p.commitmentMonths)),
        terms('Billed', (p) => billingPeriodLabels[p.billingPeriod]),
        terms('Renews automatically', (p) => (p.autoRenew ? 'Yes' : 'No')),
        terms('Early cancellation', (p) => earlyCancellationLabels[p.earlyCancellation]),
        terms('Trial', (p) => (p.trialDays > 0 ? countOf(p.trialDays, 'day') : 'No trial')),
        terms('Demo account', (p) => (p.demoAccount ? 'Yes' : 'No')),
        terms('Internal-use seats', (p) => (p.internalUseSeats > 0 ? String(p.internalUseSeats) : 'None')),
        terms('White-label', (p) => p.whiteLabelLevel),
        ...whiteLabelFeatures.map((feature) => terms(whiteLabelLabels[feature], (p) => (p.whiteLabel.includes(feature) ? 'Included' : 'Not included'))),
        terms('Territories', (p) => (p.territories.length === 0 ? 'Worldwide' : p.territories.join(', '))),
        terms('Support', (p) => supportLabels[p.supportModel]),
        terms('Joining', (p) => (p.joinApproval === 'instant' ? 'Instant' : 'Applications are reviewed')),
      ],
    },
  ];
  if (!calc) return sections;
  // Where the price sells below cost or below the programme's floor, the cell says so.
  const priceCheck = (price: number, p: PartnerProgrammeJson) => {
    const below = [
      p.wholesalePrice !== null && price < Number(p.wholesalePrice) && `Below what you pay (${formatMoney(p.wholesalePrice, p.priceUnit)})`,
      p.minRetailPrice !== null && price < Number(p.minRetailPrice) && `Below the minimum retail price (${formatMoney(p.minRetailPrice, p.priceUnit)})`,
    ].filter(Boolean);
    return below.length ? below.join('; ') : 'At or above cost and minimum';
  };
  sections.push(
    {
      title: `Your profit at ${calc.price !== null ? formatMoney(calc.price) : calc.markup !== null ? `${formatPercent(calc.markup)} markup` : 'the suggested price'}, ${calc.clients} ${calc.clients === 1 ? 'client' : 'clients'}`,
      rows: [
        figure('Price per client', (result, p) => formatMoney(result.price, p.priceUnit)),
        figure('Monthly profit', (result) => formatMoney(result.monthlyProfit)),
        figure('12-month profit', (result) => formatMoney(result.twelveMonthProfit)),
        figure('Margin at this price', (result) => (result.margin === null ? null : formatPercent(result.margin))),
        figure('Price check', (result, p) => (result.model === 'resale' ? priceCheck(result.price, p) : null)),
      ],
    },
  );
  return sections;
}
