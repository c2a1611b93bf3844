import type { InputHTMLAttributes, ReactNode } from 'react';
import type { ListingType } from '../../../../shared/types';
import { deliveryBands, minimumRatings, priceBands, type ListingFilters } from '../listing-filters';

export type CategoryOption = { id: number; name: string; isSubcategory: boolean };

type FilterPanelProps = {
  type: ListingType;
  filters: ListingFilters;
  onChange: (change: Partial<ListingFilters>) => void;
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

/** The spec's filters: category, price band, delivery bands (services only) and minimum rating. */
export function FilterPanel({ type, filters, onChange, categories, allCategoriesLabel = 'All categories' }: FilterPanelProps) {
  const name = (field: string) => `${type}-${field}`;
  return (
    <div className="space-y-5">
      {categories.length > 0 && (
        <Section legend="Category">
          <select
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
        <Choice type="radio" name={name('price')} checked={!filters.price} onChange={() => onChange({ price: undefined })}>
          Any price
        </Choice>
        {priceBands.map((band) => (
          <Choice key={band.id} type="radio" name={name('price')} checked={filters.price === band.id} onChange={() => onChange({ price: band.id })}>
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
        <Choice type="radio" name={name('rating')} checked={!filters.rating} onChange={() => onChange({ rating: undefined })}>
          Any rating
        </Choice>
        {minimumRatings.map((rating) => (
          <Choice key={rating} type="radio" name={name('rating')} checked={filters.rating === rating} onChange={() => onChange({ rating })}>
            {rating === 5 ? '5 stars' : `${rating}+ stars`}
          </Choice>
        ))}
      </Section>
    </div>
  );
}
