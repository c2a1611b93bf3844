import { useEffect, useRef, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import type { ListingType } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import { programmeTypes } from '../../../../shared/partner-programme-values';
import { programmeTypeLabels } from '../../../../shared/partner-wording';
import { deliveryBands, filtersFromParams, minimumMargins, minimumRatings, priceBands, programmeFiltersFromParams, type ListingFilters } from '../listing-filters';
import type { GetForm } from '../use-url-filters';
import { HiddenParams } from './hidden-params';
import { billingChoices, MONTH_TO_MONTH, ratingLabel, TRIAL, VERIFIED_ONLY, whiteLabelChoices } from '../filter-labels';

export type CategoryOption = { id: number; name: string; isSubcategory: boolean };

type FilterPanelProps = {
  type: ListingType;
  filters: ListingFilters;
  onChange: (change: Partial<ListingFilters>) => void;
  /** Where the filters go as a GET form without JavaScript, with the parameters they keep (the search). */
  form: GetForm;
  /** The categories to choose from; the section is left out when there are none. */
  categories: CategoryOption[];
  /** The label of the "no category chosen" option ('All categories', or the current category's name). */
  allCategoriesLabel?: string;
};

const radio = 'h-4 w-4 accent-primary';

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-2 border-b border-line pb-5 last:border-b-0 last:pb-0">
      <legend className="mb-2 text-sm font-semibold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Choice({ children, ...input }: { children: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="flex cursor-pointer items-center gap-2.5 rounded py-0.5 text-sm text-ink">
      <input className={radio} {...input} />
      {children}
    </label>
  );
}

/**
 * The spec's filters: category, price band, delivery bands (services only), minimum rating and the
 * partner-programme terms (the sort is above the results).
 * With the script each choice applies at once; without it they are a GET form with an Apply
 * button, whose URL is the one the script would have written.
 */
export function FilterPanel({ type, filters, onChange, form, categories, allCategoriesLabel = 'All categories' }: FilterPanelProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  // Choices made before the script took over are only in the form.
  const chosenIn = (element: HTMLFormElement) => {
    const params = new URLSearchParams(new FormData(element) as unknown as string[][]);
    const chosen = filtersFromParams(params);
    return { categoryId: chosen.categoryId, price: chosen.price, delivery: chosen.delivery, rating: chosen.rating, ...programmeFiltersFromParams(params) };
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange(chosenIn(event.currentTarget));
  }

  // A choice made before the script took over, and not sent with Apply (which goes away now that
  // each choice applies at once), is applied as the panel hydrates: read before the first re-render,
  // which would put the form back to the address's filters.
  useEffect(() => {
    if (!formRef.current) return;
    const chosen = chosenIn(formRef.current);
    const unchanged = (Object.keys(chosen) as (keyof typeof chosen)[]).every((key) => JSON.stringify(chosen[key]) === JSON.stringify(filters[key]));
    if (!unchanged) onChange(chosen);
    // Once, as the panel hydrates: afterwards every choice applies through its own onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form ref={formRef} method="get" action={`${form.action}#results`} onSubmit={submit} aria-label="Filter results" className="space-y-5">
      <HiddenParams params={form.keep} />
      {categories.length > 0 && (
        <Section legend="Category">
          <select
            name="categoryId"
            aria-label="Category"
            value={filters.categoryId ?? ''}
            onChange={(event) => onChange({ categoryId: event.target.value ? Number(event.target.value) : undefined })}
            className="h-10 w-full rounded-md border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary"
          >
            <option value="">{allCategoriesLabel}</option>
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {category.isSubcategory ? `\u2003${category.name}` : category.name}
              </option>
            ))}
          </select>
        </Section>
      )}

      <Section legend="Price">
        <Choice type="radio" name="price" value="" checked={!filters.price} onChange={() => onChange({ price: undefined })}>
          Any price
        </Choice>
        {priceBands.map((band) => (
          <Choice key={band.id} type="radio" name="price" value={band.id} checked={filters.price === band.id} onChange={() => onChange({ price: band.id })}>
            {band.label}
          </Choice>
        ))}
      </Section>

      {type === 'services' && (
        <Section legend="Delivery time">
          {deliveryBands.map((band) => (
            <Choice
              key={band.id}
              type="checkbox"
              name="delivery"
              value={band.id}
              checked={filters.delivery.includes(band.id)}
              onChange={(event) =>
                onChange({ delivery: event.target.checked ? [...filters.delivery, band.id] : filters.delivery.filter((id) => id !== band.id) })
              }
            >
              {band.label}
            </Choice>
          ))}
        </Section>
      )}

      <Section legend="Minimum rating">
        <Choice type="radio" name="rating" value="" checked={!filters.rating} onChange={() => onChange({ rating: undefined })}>
          Any rating
        </Choice>
        {minimumRatings.map((rating) => (
          <Choice key={rating} type="radio" name="rating" value={rating} checked={filters.rating === rating} onChange={() => onChange({ rating })}>
            {ratingLabel(rating)}
          </Choice>
        ))}
      </Section>

      <Section legend="Partner programme">
        {programmeTypes.map((programme) => (
          <Choice
            key={programme}
            type="checkbox"
            name="programme"
            value={programme}
            checked={filters.programme.includes(programme)}
            onChange={(event) => onChange({ programme: event.target.checked ? [...filters.programme, programme] : filters.programme.filter((chosen) => chosen !== programme) })}
          >
            {programmeTypeLabels[programme]}
          </Choice>
        ))}
        <Choice type="checkbox" name="maxCommitment" value="0" checked={filters.maxCommitment === 0} onChange={(event) => onChange({ maxCommitment: event.target.checked ? 0 : undefined })}>
          {MONTH_TO_MONTH}
        </Choice>
        <Choice type="checkbox" name="trial" value="1" checked={filters.trial} onChange={(event) => onChange({ trial: event.target.checked })}>
          {TRIAL}
        </Choice>
        <Choice type="checkbox" name="verified" value="1" checked={filters.verified} onChange={(event) => onChange({ verified: event.target.checked })}>
          {VERIFIED_ONLY}
        </Choice>
      </Section>

      <Section legend="White-label">
        {whiteLabelChoices.map(([level, label]) => (
          <Choice key={label} type="radio" name="whiteLabel" value={level ?? ''} checked={filters.whiteLabel === level} onChange={() => onChange({ whiteLabel: level })}>
            {label}
          </Choice>
        ))}
      </Section>

      <Section legend="Minimum margin">
        <Choice type="radio" name="minMargin" value="" checked={filters.minMargin === undefined} onChange={() => onChange({ minMargin: undefined })}>
          Any margin
        </Choice>
        {minimumMargins.map((margin) => (
          <Choice key={margin} type="radio" name="minMargin" value={margin} checked={filters.minMargin === margin} onChange={() => onChange({ minMargin: margin })}>
            {margin}%+
          </Choice>
        ))}
      </Section>

      <Section legend="Billing">
        {billingChoices.map(([billing, label]) => (
          <Choice key={label} type="radio" name="billing" value={billing ?? ''} checked={filters.billing === billing} onChange={() => onChange({ billing })}>
            {label}
          </Choice>
        ))}
      </Section>

      <Section legend="Territory">
        <label className="block space-y-1 text-sm">
          <span className="text-muted">Country code (e.g. US)</span>
          <input
            type="text"
            name="territory"
            maxLength={2}
            defaultValue={filters.territory ?? ''}
            aria-label="Territory"
            onChange={(event) => {
              const code = event.target.value.trim().toUpperCase();
              if (code === '' || /^[A-Z]{2}$/.test(code)) onChange({ territory: code || undefined });
            }}
            className="h-10 w-full rounded-md border border-line bg-surface px-2 text-sm text-ink uppercase focus-visible:outline-2 focus-visible:outline-primary"
          />
        </label>
      </Section>

      {/* Only until the script runs: after that every choice applies as it is made. It stays at the
          foot of the screen, and the page it opens starts at the results (#results). */}
      {!hydrated && (
        <div className="sticky bottom-0 -mx-5 -mb-5 rounded-b-xl border-t border-line bg-surface px-5 py-3">
          <Button type="submit" className="w-full">
            Apply filters
          </Button>
        </div>
      )}
    </form>
  );
}
