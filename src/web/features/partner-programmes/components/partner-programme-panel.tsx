import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'wouter';
import { RESALE_TYPES, whiteLabelFeatures } from '../../../../shared/partner-programme-values';
import type { PartnerProgrammeJson } from '../../../../shared/schemas/partner-programme-json';
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
  tryBeforeText,
  verificationSourceLabels,
  verifiedText,
  whiteLabelLabels,
} from '../../../../shared/partner-wording';
import type { ListingType } from '../../../../shared/types';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Check, ExternalLink, X } from '../../../components/ui/icons';
import { useListingProgramme } from '../api/use-listing-programme';
import { PARTNER_PANEL_ANCHOR } from './calculator-anchor';

// The calculator (and the schema it validates with) is its own chunk, loaded as the page hydrates
// rather than before it: the server's render shows it and its GET form works meanwhile, and the
// rest of the page does not wait for it to become interactive.
const ProgrammeCalculator = lazy(() => import('./programme-calculator').then((m) => ({ default: m.ProgrammeCalculator })));

const card = 'rounded-xl border border-line bg-surface p-6 shadow-sm';
// Label above value on a phone, beside it from the small breakpoint up.
const row = 'grid gap-x-4 gap-y-0.5 border-b border-line py-2 text-sm last:border-b-0 sm:grid-cols-[minmax(0,11rem)_minmax(0,1fr)]';
const longDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The "Partner programme" panel of a listing page: what an agency earns reselling it, and on what terms. Nothing when there is none. */
export function PartnerProgrammePanel({ type, listingId, apply }: { type: ListingType; listingId: number; apply?: ReactNode }) {
  const { data } = useListingProgramme(type, listingId);
  if (!data?.programme) return null;
  return <ProgrammeDetails type={type} programme={data.programme} apply={apply} />;
}

/** `apply`: the page's partner application (the form, or the member's application as it stands), shown under the actions. */
function ProgrammeDetails({ type, programme: p, apply }: { type: ListingType; programme: PartnerProgrammeJson; apply?: ReactNode }) {
  const resale = p.types.some((type) => RESALE_TYPES.includes(type));
  const unit = p.priceUnit;
  const money = (value: string | null) => (value === null ? null : formatMoney(value, unit));
  const commission =
    p.commissionType && p.commissionValue !== null
      ? `${p.commissionType === 'percent' ? formatPercent(Number(p.commissionValue)) : formatMoney(p.commissionValue)} ${commissionDuration(p.commissionMonths)}`
      : null;
  const figureInput = { ...p, listingPrice: p.listingPrice, priceUnit: unit };
  const calculable = !p.numbersHidden && (p.wholesalePrice !== null || p.commissionValue !== null);

  return (
    <section id={PARTNER_PANEL_ANCHOR} aria-labelledby="partner-heading" className={card} data-testid="partner-panel">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="partner-heading" className="text-xl font-semibold text-ink">
          Partner programme
        </h2>
        {p.verifiedAt ? (
          <Badge tone={p.stale ? 'neutral' : 'green'} title={p.verificationSource ? `Checked against ${verificationSourceLabels[p.verificationSource]}` : undefined}>
            {verifiedText(p.verifiedAt)}
            {p.stale && ' (over 6 months ago)'}
          </Badge>
        ) : (
          <Badge tone="neutral">Not verified yet</Badge>
        )}
      </div>
      <ul className="mt-3 flex flex-wrap gap-2">
        {p.types.map((type) => (
          <li key={type}>
            <Badge tone="primary">{programmeTypeLabels[type]}</Badge>
          </li>
        ))}
      </ul>
      {p.termsChangedAt && <p className="mt-2 text-xs text-muted">Terms changed on {longDate(p.termsChangedAt)}</p>}

      <p className="mt-4 text-base text-ink" data-testid="billing-sentence">
        {billingSentence(p)}
      </p>

      {p.numbersHidden && (
        <div className="mt-4 rounded-lg bg-canvas p-4 text-sm">
          {p.visibility === 'on_request' ? (
            <p className="text-ink">The partner prices and commission are given on request.</p>
          ) : (
            <p className="text-ink">
              The partner prices and commission are shown to signed-in members.{' '}
              <Link href="/auth" className="font-medium text-primary underline">
                Sign in to see them
              </Link>
            </p>
          )}
        </div>
      )}

      <dl className="mt-4">
        {!p.numbersHidden && resale && (
          <>
            <div className={row}>
              <dt className="text-muted">You pay (wholesale)</dt>
              <dd className="font-medium text-ink">{money(p.wholesalePrice) ?? '—'}</dd>
            </div>
            <div className={row}>
              <dt className="text-muted">Suggested retail</dt>
              <dd className="font-medium text-ink">{money(p.suggestedRetailPrice) ?? `${money(p.listingPrice) ?? '—'} (the listing's price)`}</dd>
            </div>
            {p.minRetailPrice && (
              <div className={row}>
                <dt className="text-muted">Minimum retail</dt>
                <dd className="text-ink">{money(p.minRetailPrice)}</dd>
              </div>
            )}
            {(p.setupFeeWholesale || p.setupFeeSuggested) && (
              <div className={row}>
                <dt className="text-muted">Setup fee</dt>
                <dd className="text-ink">
                  you pay {p.setupFeeWholesale ? formatMoney(p.setupFeeWholesale) : '$0'}, suggested {p.setupFeeSuggested ? formatMoney(p.setupFeeSuggested) : '$0'}
                </dd>
              </div>
            )}
            <div className={row}>
              <dt className="text-muted">Margin / markup</dt>
              <dd className="font-semibold text-ink" data-testid="partner-margin">
                {p.figures.margin !== null ? `${formatPercent(p.figures.margin)} margin` : '—'}
                {p.figures.markup !== null && ` · ${formatPercent(p.figures.markup)} markup`}
              </dd>
            </div>
          </>
        )}
        {!p.numbersHidden && commission && (
          <div className={row}>
            <dt className="text-muted">Commission</dt>
            <dd className="font-semibold text-ink">{commission}</dd>
          </div>
        )}
        {!p.numbersHidden && p.figures.earningsPerClientMonth !== null && (
          <div className={row}>
            <dt className="text-muted">Earnings per client</dt>
            <dd className="text-ink">{formatMoney(p.figures.earningsPerClientMonth)}/mo over the first 12 months (estimate)</dd>
          </div>
        )}
        {p.cookieDays !== null && (
          <div className={row}>
            <dt className="text-muted">Cookie window</dt>
            <dd className="text-ink">{cookieWindowText(p.cookieDays)}</dd>
          </div>
        )}
        {(p.payoutFrequency || p.payoutMinimum) && (
          <div className={row}>
            <dt className="text-muted">Payout</dt>
            <dd className="text-ink">
              {[p.payoutFrequency?.replace('_', ' '), p.payoutMinimum && `minimum ${formatMoney(p.payoutMinimum)}`].filter(Boolean).join(', ')}
            </dd>
          </div>
        )}
        <div className={row}>
          <dt className="text-muted">Commitment and exit</dt>
          <dd className="text-ink">
            {commitmentText(p.commitmentMonths)}, billed {billingPeriodLabels[p.billingPeriod]}
            {p.autoRenew ? ', renews automatically' : ''}. {earlyCancellationLabels[p.earlyCancellation]}.
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Try before reselling</dt>
          <dd className="text-ink">
            {tryBeforeText(p)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Territories</dt>
          <dd className="text-ink">{p.territories.length === 0 ? 'Worldwide' : p.territories.join(', ')}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Support</dt>
          <dd className="text-ink">{supportLabels[p.supportModel]}</dd>
        </div>
        <div className={row}>
          <dt className="text-muted">Joining</dt>
          <dd className="text-ink">{p.joinApproval === 'instant' ? 'Instant' : 'Applications are reviewed'}</dd>
        </div>
      </dl>

      <div className="mt-4">
        <h3 className="text-sm font-semibold text-ink">
          White-label: <span className="font-normal">{{ full: 'full', partial: 'partial', none: 'none' }[p.whiteLabelLevel]}</span>
        </h3>
        <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2" data-testid="white-label-checklist">
          {whiteLabelFeatures.map((feature) => {
            const included = p.whiteLabel.includes(feature);
            return (
              <li key={feature} className={included ? 'flex items-center gap-2 text-ink' : 'flex items-center gap-2 text-muted'}>
                {included ? <Check aria-hidden="true" className="h-4 w-4 text-green-700" /> : <X aria-hidden="true" className="h-4 w-4" />}
                <span>
                  {whiteLabelLabels[feature]}
                  <span className="sr-only">{included ? ': included' : ': not included'}</span>
                </span>
              </li>
            );
          })}
        </ul>
      </div>

      {calculable && (
        <div className="mt-6">
          <Suspense fallback={<p className="text-sm text-muted">Loading the profit calculator…</p>}>
            <ProgrammeCalculator input={figureInput} resale={resale && p.wholesalePrice !== null} minRetailPrice={p.minRetailPrice} />
          </Suspense>
        </div>
      )}

      <div className="mt-6 flex flex-wrap gap-3">
        {p.applyUrl && (
          <Button asChild>
            <a href={p.applyUrl} target="_blank" rel="noopener noreferrer">
              {p.numbersHidden && p.visibility === 'on_request' ? 'Request the partner terms' : 'Apply to the programme'}
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </a>
          </Button>
        )}
        {/* Services take messages (the contact form beside this panel); tools link to their site instead. */}
        {!p.applyUrl && p.numbersHidden && p.visibility === 'on_request' && type === 'services' && (
          <Button asChild variant="outline">
            <a href="#contact-provider-heading">Ask the provider for the partner terms</a>
          </Button>
        )}
        {p.termsUrl && (
          <Button asChild variant="outline">
            <a href={p.termsUrl} target="_blank" rel="noopener noreferrer">
              Read the partner terms
            </a>
          </Button>
        )}
      </div>
      {apply && <div className="mt-4">{apply}</div>}
    </section>
  );
}
