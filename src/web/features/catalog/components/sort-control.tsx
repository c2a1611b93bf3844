import { useEffect, useRef, type FormEvent } from 'react';
import { listingSorts } from '../../../../shared/listing-sorts';
import { Button } from '../../../components/ui/button';
import { useHydrated } from '../../../lib/use-hydrated';
import { defaultSortLabel, sortLabel } from '../filter-labels';
import { programmeFiltersFromParams, type ListingFilters } from '../listing-filters';
import type { GetForm } from '../use-url-filters';
import { HiddenParams } from './hidden-params';

type SortControlProps = {
  sort: ListingFilters['sort'];
  searching: boolean;
  onChange: (sort: ListingFilters['sort']) => void;
  /** The GET form it is without JavaScript: this address, keeping every other parameter. */
  form: GetForm;
};

const sortOf = (element: HTMLFormElement) => programmeFiltersFromParams(new URLSearchParams(new FormData(element) as unknown as string[][])).sort;

/**
 * The order of the results, above them: every sort shared/listing-sorts.ts lists, after the
 * default. With the script a choice applies at once; without it the form is sent with its Sort
 * button and the page opens again at the results.
 */
export function SortControl({ sort, searching, onChange, form }: SortControlProps) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onChange(sortOf(event.currentTarget));
  }

  // A sort chosen before the script took over is only in the form: applied as it hydrates.
  useEffect(() => {
    if (formRef.current && sortOf(formRef.current) !== sort) onChange(sortOf(formRef.current));
    // Once, as the control hydrates: afterwards each choice applies through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <form ref={formRef} method="get" action={`${form.action}#results`} onSubmit={submit} aria-label="Sort results" className="flex items-center gap-2">
      <HiddenParams params={form.keep} />
      <label htmlFor="results-sort" className="text-sm whitespace-nowrap text-muted">
        Sort by
      </label>
      <select
        id="results-sort"
        name="sort"
        value={sort ?? ''}
        onChange={(event) => onChange(listingSorts.find((candidate) => candidate === event.target.value))}
        className="h-10 min-w-0 rounded-md border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary"
      >
        <option value="">{defaultSortLabel(searching)}</option>
        {listingSorts.map((candidate) => (
          <option key={candidate} value={candidate}>
            {sortLabel(candidate)}
          </option>
        ))}
      </select>
      {/* Only until the script runs: after that a choice applies as it is made. */}
      {!hydrated && (
        <Button type="submit" variant="outline">
          Sort
        </Button>
      )}
    </form>
  );
}
