import { useId, useState } from 'react';
import { Link } from 'wouter';
import { alertFrequencies, type AlertFrequency, SAVED_SEARCH_NAME_MAX, type SavedSearch } from '../../../../shared/schemas/alerts';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from '../api/use-alerts';
import { frequencyLabels } from './save-search-dialog';

const selectClass = 'h-9 rounded-md border border-line bg-surface px-2 text-sm text-ink focus-visible:outline-2 focus-visible:outline-primary';

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const id = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(search.name);
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const failed = (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });

  const rename = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    update.mutate({ id: search.id, name: name.trim() }, { onSuccess: () => setRenaming(false), onError: failed });
  };

  return (
    <li className="flex flex-col gap-3 rounded-xl border border-line bg-surface p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        {renaming ? (
          <form onSubmit={rename} className="flex flex-wrap items-center gap-2">
            <label htmlFor={`${id}-name`} className="sr-only">
              Name of the saved search
            </label>
            <Input id={`${id}-name`} value={name} maxLength={SAVED_SEARCH_NAME_MAX} onChange={(event) => setName(event.target.value)} className="h-9 w-56 max-w-full" autoFocus />
            <Button type="submit" size="sm" disabled={update.isPending || !name.trim()}>
              Save
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setName(search.name);
                setRenaming(false);
              }}
            >
              Cancel
            </Button>
          </form>
        ) : (
          <h3 className="truncate font-medium text-ink">
            <Link href={search.address} className="hover:underline">
              {search.name}
            </Link>
          </h3>
        )}
        <p className="text-sm text-muted">
          {search.type === 'tools' ? 'Tools' : 'Services'}
          {search.mailing ? '' : ' · E-mails stopped: choose how often to turn them back on'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-frequency`} className="sr-only">
          How often for {search.name}
        </label>
        <select
          id={`${id}-frequency`}
          className={selectClass}
          value={search.mailing ? search.frequency : ''}
          disabled={update.isPending}
          onChange={(event) => update.mutate({ id: search.id, frequency: event.target.value as AlertFrequency }, { onError: failed })}
        >
          {!search.mailing && <option value="">No e-mails</option>}
          {alertFrequencies.map((choice) => (
            <option key={choice} value={choice}>
              {frequencyLabels[choice]}
            </option>
          ))}
        </select>
        {!renaming && (
          <Button type="button" size="sm" variant="outline" onClick={() => setRenaming(true)} aria-label={`Rename ${search.name}`}>
            Rename
          </Button>
        )}
        <Button
          type="button"
          size="sm"
          variant="outline"
          disabled={remove.isPending}
          aria-label={`Delete ${search.name}`}
          onClick={() => remove.mutate(search.id, { onError: failed })}
        >
          Delete
        </Button>
      </div>
    </li>
  );
}

/** The dashboard's saved searches: each renamed, re-timed or deleted in place. */
export function SavedSearchList() {
  const searches = useSavedSearches();
  return (
    <section aria-labelledby="saved-searches-heading" className="space-y-3">
      <h2 id="saved-searches-heading" className="text-xl font-semibold text-ink">
        Saved searches
      </h2>
      {searches.isPending ? (
        <Skeleton className="h-20 w-full" />
      ) : searches.error ? (
        <p className="text-sm text-danger">{errorMessage(searches.error)}</p>
      ) : searches.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line bg-surface px-4 py-6 text-sm text-muted">
          No saved searches yet. On any list of tools or services, choose “Alert me to new matches”.
        </p>
      ) : (
        <ul className="space-y-3">
          {searches.data.map((search) => (
            <SavedSearchRow key={search.id} search={search} />
          ))}
        </ul>
      )}
    </section>
  );
}
