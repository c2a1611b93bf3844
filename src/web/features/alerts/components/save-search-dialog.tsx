import { type RefObject, useId, useState } from 'react';
import { alertFrequencies, type AlertFrequency, SAVED_SEARCH_NAME_MAX, savedFilterKeys } from '../../../../shared/schemas/alerts';
import type { ListingType } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { errorMessage, isUnauthorized } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useSaveSearch } from '../api/use-alerts';
import { askToSignIn } from './ask-to-sign-in';

export const frequencyLabels: Record<AlertFrequency, string> = { daily: 'Daily', weekly: 'Weekly' };

/** The filters of the page's API query that a saved search keeps (not its page). */
function savedFilters(query: Record<string, string | number | undefined>): Record<string, string> {
  const keys: readonly string[] = savedFilterKeys;
  return Object.fromEntries(
    Object.entries(query)
      .filter(([key, value]) => keys.includes(key) && value !== undefined && value !== '')
      .map(([key, value]) => [key, String(value)]),
  );
}

/** The address as it is now, without its page: the digest links to the list's first page. */
function currentAddress(): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('page');
  url.hash = '';
  return `${url.pathname}${url.search}`;
}

type Props = {
  type: ListingType;
  query: Record<string, string | number | undefined>;
  defaultName: string;
  onClose: () => void;
  /** The button that opened the dialog, which has focus again when it closes. */
  trigger: RefObject<HTMLButtonElement | null>;
};

/** The "Alert me to new matches" dialog: names the list as it is filtered now, daily or weekly. */
export function SaveSearchDialog({ type, query, defaultName, onClose, trigger }: Props) {
  const [name, setName] = useState(defaultName.slice(0, SAVED_SEARCH_NAME_MAX));
  const [frequency, setFrequency] = useState<AlertFrequency>('daily');
  const [nameError, setNameError] = useState<string>();
  const save = useSaveSearch();
  const id = useId();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setNameError('Name is required');
    save.mutate(
      { name: trimmed, frequency, type, address: currentAddress(), filters: savedFilters(query) },
      {
        onSuccess: () => {
          onClose();
          toast({ title: 'Search saved', description: `We will e-mail you ${frequency === 'daily' ? 'daily' : 'weekly'} when new listings match.` });
        },
        onError: (error) => {
          if (isUnauthorized(error)) askToSignIn();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Alert me to new matches"
        description="Save this list with its filters. We e-mail you the new listings that match; nothing when nothing is new."
        // The button that opened the dialog is not Radix's own trigger: focus goes back to it by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField id={`${id}-name`} label="Name" error={nameError}>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={SAVED_SEARCH_NAME_MAX}
              aria-invalid={!!nameError}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => {
                setName(event.target.value);
                setNameError(undefined);
              }}
            />
          </FormField>
          <fieldset>
            <legend className="mb-1.5 text-sm font-medium text-ink">How often</legend>
            <div className="flex gap-4">
              {alertFrequencies.map((choice) => (
                <label key={choice} className="flex items-center gap-2 text-sm text-ink">
                  <input type="radio" name={`${id}-frequency`} value={choice} checked={frequency === choice} onChange={() => setFrequency(choice)} className="h-4 w-4 accent-primary" />
                  {frequencyLabels[choice]}
                </label>
              ))}
            </div>
          </fieldset>
          {save.isError && !isUnauthorized(save.error) && (
            <p role="alert" className="text-sm text-danger">
              {errorMessage(save.error)}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save search'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
