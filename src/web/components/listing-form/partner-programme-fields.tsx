import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import {
  billingModels,
  billingPeriods,
  earlyCancellations,
  joinApprovals,
  payoutFrequencies,
  programmeTypes,
  supportModels,
  termsVisibilities,
  whiteLabelFeatures,
} from '../../../shared/partner-programme-values';
import { billingPeriodLabels, earlyCancellationLabels, programmeTypeLabels, supportLabels, visibilityLabels, whiteLabelLabels } from '../../../shared/partner-wording';
import { FormField } from '../ui/form-field';
import { Input } from '../ui/input';
import type { ListingFormValues } from './listing-form-fields';
import type { PartnerFormValues } from './partner-form-values';

type Values = ListingFormValues;
type Name = keyof PartnerFormValues;

const select = 'h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary aria-[invalid=true]:border-danger';
const billingModelLabels = { provider_bills_agency: 'The provider bills you; you bill your client', provider_bills_client: 'The provider bills the client and pays you a commission' } as const;
const payoutLabels = { monthly: 'Monthly', quarterly: 'Quarterly', per_transaction: 'Per transaction' } as const;

/**
 * The listing dialog's "Partner programme" section: off means the listing has none. The inputs
 * hold text; the shared schema (programmeSectionSchema) checks the terms and puts each message
 * under its input.
 */
export function PartnerProgrammeFields({
  idPrefix,
  register,
  errors,
  enabled,
}: {
  idPrefix: string;
  register: UseFormRegister<Values>;
  errors: FieldErrors<Values>;
  enabled: boolean;
}) {
  const id = (name: Name) => `${idPrefix}-partner-${name}`;
  const error = (name: Name) => (errors.partner?.[name] as { message?: string } | undefined)?.message;
  const invalid = (name: Name) => ({ 'aria-invalid': error(name) ? true : undefined, 'aria-describedby': error(name) ? `${id(name)}-error` : undefined });
  const text = (name: Name, label: string, hint?: string, inputMode: 'decimal' | 'numeric' | 'url' | 'text' = 'decimal') => (
    <FormField id={id(name)} label={label} error={error(name)} hint={hint}>
      <Input id={id(name)} inputMode={inputMode} {...invalid(name)} {...register(`partner.${name}`)} />
    </FormField>
  );
  const choice = (name: Name, label: string, options: readonly string[], labels: Record<string, string>, blank?: string) => (
    <FormField id={id(name)} label={label} error={error(name)}>
      <select id={id(name)} className={select} {...invalid(name)} {...register(`partner.${name}`)}>
        {blank !== undefined && <option value="">{blank}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </FormField>
  );
  const checks = (name: 'types' | 'whiteLabel', legend: string, options: readonly string[], labels: Record<string, string>) => (
    <fieldset className="space-y-2" aria-describedby={error(name) ? `${id(name)}-error` : undefined}>
      <legend className="text-sm font-medium text-ink">{legend}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {options.map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm text-ink">
            <input type="checkbox" value={option} className="h-4 w-4" {...register(`partner.${name}`)} />
            {labels[option]}
          </label>
        ))}
      </div>
      {error(name) && (
        <p id={`${id(name)}-error`} role="alert" className="text-sm text-danger">
          {error(name)}
        </p>
      )}
    </fieldset>
  );
  const flag = (name: 'autoRenew' | 'demoAccount', label: string) => (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" className="h-4 w-4" {...register(`partner.${name}`)} />
      {label}
    </label>
  );

  return (
    <fieldset className="space-y-4 rounded-lg border border-line p-4">
      <legend className="px-1 text-base font-semibold text-ink">Partner programme</legend>
      <label className="flex items-center gap-2 text-sm font-medium text-ink">
        <input type="checkbox" className="h-4 w-4" {...register('partner.enabled')} />
        Agencies can resell or refer this listing
      </label>
      {enabled && (
        <div className="space-y-4">
          {checks('types', 'Programme types', programmeTypes, programmeTypeLabels)}
          {choice('visibility', 'Who sees the numbers', termsVisibilities, visibilityLabels)}
          <p className="text-xs text-muted">Amounts are in the listing's price unit (one-off, per month or per hour), in USD.</p>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('wholesalePrice', 'Wholesale price', 'What the agency pays you.')}
            {text('suggestedRetailPrice', 'Suggested retail price', "Empty: the listing's price.")}
            {text('minRetailPrice', 'Minimum retail price', 'Optional.')}
            {text('setupFeeWholesale', 'Setup fee (wholesale)')}
            {text('setupFeeSuggested', 'Setup fee (suggested)')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {choice('commissionType', 'Commission type', ['percent', 'flat'], { percent: 'Percent', flat: 'Flat amount' }, 'No commission')}
            {text('commissionValue', 'Commission', 'Percent (0-100) or amount.')}
            {text('commissionMonths', 'Commission paid for (months)', '0 for one-off, up to 120, or "lifetime".', 'text')}
            {text('cookieDays', 'Cookie window (days)', 'Affiliate programmes.', 'numeric')}
            {text('payoutMinimum', 'Payout minimum')}
            {choice('payoutFrequency', 'Payout frequency', payoutFrequencies, payoutLabels, 'Not set')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {choice('billingModel', 'Who bills whom', billingModels, billingModelLabels)}
            {choice('billingPeriod', 'Billing period', billingPeriods, billingPeriodLabels)}
            {text('commitmentMonths', 'Minimum commitment (months)', '0 for month-to-month.', 'numeric')}
            {choice('earlyCancellation', 'Early cancellation', earlyCancellations, earlyCancellationLabels)}
          </div>
          {flag('autoRenew', 'Renews automatically')}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('trialDays', 'Trial (days)', '0-90.', 'numeric')}
            {text('internalUseSeats', 'Free internal-use seats', 'Not for resale.', 'numeric')}
          </div>
          {flag('demoAccount', 'A demo account is available')}
          {checks('whiteLabel', 'White-label', whiteLabelFeatures, whiteLabelLabels)}
          {text('territories', 'Territories', 'Country codes such as US, GB, or "worldwide".', 'text')}
          {choice('supportModel', 'Support', supportModels, supportLabels)}
          <div className="grid gap-4 sm:grid-cols-2">
            {text('applyUrl', 'Apply URL', 'https:// only.', 'url')}
            {choice('joinApproval', 'Joining', joinApprovals, { instant: 'Instant', reviewed: 'Reviewed' })}
          </div>
          {text('termsUrl', 'Terms URL', 'https:// only.', 'url')}
        </div>
      )}
    </fieldset>
  );
}
