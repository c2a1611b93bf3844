import { RESALE_TYPES } from '../../../../shared/partner-programme-values';
import type { PartnerProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
import {
  billingPeriodLabels,
  commissionDuration,
  commitmentText,
  formatMoney,
  formatPercent,
  programmeTypeLabels,
  verifiedText,
} from '../../../../shared/partner-wording';
import type { ListingType } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { useListingProgramme } from '../api/use-listing-programme';
import { PARTNER_PANEL_ANCHOR } from './calculator-anchor';

const row = 'flex items-baseline justify-between gap-3 border-b border-line py-1.5 last:border-b-0';

/**
 * The partner terms an agency came for, in a few lines at the top of a listing page: what it pays
 * against the retail price, the margin, the model, the commitment and whether the terms were
 * checked, with a link down to the whole panel and its calculator. It reads the same answer as the
 * panel, in which the server has already left out the numbers this viewer may not see: those say
 * "Members only" (or "On request"), never a number. Nothing when the listing has no programme.
 * The page shows it at the top of the page on a phone and in the sidebar from `lg` up (`placement`).
 * At the top it is a region of its own; in the sidebar it is part of the price card's region, so
 * the page never holds two regions of one name (CSS hides one of them, but the HTML has both).
 */
export function PartnerTermsSummary({ type, listingId, placement, className }: { type: ListingType; listingId: number; placement: 'top' | 'side'; className?: string }) {
  const { data } = useListingProgramme(type, listingId);
  const p = data?.programme;
  if (!p) return null;
  return <Summary programme={p} headingId={`partner-summary-${placement}`} region={placement === 'top'} className={className} />;
}

function Summary({ programme: p, headingId, region, className }: { programme: PartnerProgrammeJson; headingId: string; region: boolean; className?: string }) {
  const Box = region ? 'section' : 'div';
  const hidden = p.numbersHidden ? (p.visibility === 'on_request' ? 'On request' : 'Members only') : null;
  const resale = p.types.some((type) => RESALE_TYPES.includes(type));
  const retail = p.suggestedRetailPrice ?? p.listingPrice;
  const money = (value: string | null) => (value === null ? '—' : formatMoney(value, p.priceUnit));
  const commission =
    p.commissionType && p.commissionValue !== null
      ? `${p.commissionType === 'percent' ? formatPercent(Number(p.commissionValue)) : formatMoney(p.commissionValue)} ${commissionDuration(p.commissionMonths)}`
      : null;

  return (
    <Box aria-labelledby={region ? headingId : undefined} className={className} data-testid="partner-summary">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-sm font-semibold tracking-wide text-muted uppercase">
          Partner terms
        </h2>
        {p.verifiedAt ? (
          <Badge tone={p.stale ? 'neutral' : 'green'}>
            {verifiedText(p.verifiedAt)}
            {p.stale && ' (over 6 months ago)'}
          </Badge>
        ) : (
          <Badge tone="neutral">Not verified yet</Badge>
        )}
      </div>
      <dl className="mt-2 text-sm">
        <div className={row}>
          <dt className="text-muted">Model</dt>
          <dd className="text-right font-medium text-ink">{p.types.map((type) => programmeTypeLabels[type]).join(', ')}</dd>
        </div>
        {resale && (
          <>
            <div className={row}>
              <dt className="text-muted">You pay</dt>
              <dd className="text-right font-semibold text-ink" data-testid="summary-you-pay">
                {hidden ?? `${money(p.wholesalePrice)}${retail !== null ? ` (retail ${money(retail)})` : ''}`}
              </dd>
            </div>
            <div className={row}>
              <dt className="text-muted">Margin</dt>
              <dd className="text-right font-semibold text-ink" data-testid="summary-margin">
                {hidden ?? (p.figures.margin === null ? '—' : formatPercent(p.figures.margin))}
              </dd>
            </div>
          </>
        )}
        {(commission || (!resale && hidden)) && (
          <div className={row}>
            <dt className="text-muted">Commission</dt>
            <dd className="text-right font-semibold text-ink">{hidden ?? commission}</dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted">Commitment</dt>
          <dd className="text-right text-ink">
            {commitmentText(p.commitmentMonths)}, billed {billingPeriodLabels[p.billingPeriod]}
          </dd>
        </div>
      </dl>
      <a href={`#${PARTNER_PANEL_ANCHOR}`} className="mt-3 inline-block text-sm font-medium text-primary underline-offset-2 hover:underline">
        All partner terms and the profit calculator
      </a>
    </Box>
  );
}
