import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Check, UserRound } from '../ui/icons';
import { formatProviderName } from '../../../shared/format';
import type { ProviderSummary } from '../../../shared/types';
import { useCurrentUser } from '../../lib/current-user';
import { cn } from '../../lib/cn';
import { SearchInput } from '../ui/search-input';
import { useProviderSearch } from './use-provider-search';

type Provider = Pick<ProviderSummary, 'id' | 'email' | 'companyName' | 'firstName' | 'lastName'>;

export type ProviderPickerProps = {
  /** The search box's id, which the field's label points at. */
  id: string;
  /** The listing's owner when editing; undefined for a new listing, which the administrator owns unless they pick someone. */
  owner?: ProviderSummary | null;
  onChange: (providerId: string) => void;
  onBlur?: () => void;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/**
 * The admin's choice of who a listing belongs to: a search box over all providers and
 * administrators (a fixed list cannot hold them all), the matches as a listbox driven from the
 * box with the arrow keys, Enter and Escape (WAI-ARIA combobox pattern), and the chosen account
 * shown with its e-mail, so two providers of the same name can be told apart.
 */
export function ProviderPicker({ id, owner, onChange, onBlur, ...aria }: ProviderPickerProps) {
  const { user: me } = useCurrentUser();
  const [picked, setPicked] = useState<Provider | null>(null);
  const [term, setTerm] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useProviderSearch(term, open);
  const matches = search.data?.items ?? [];
  const chosen = picked ?? (owner === undefined ? me : owner);
  const showList = open && matches.length > 0;
  const list = useRef<HTMLUListElement>(null);
  const listId = `${id}-options`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // The field sits at the foot of a scrolling dialog: bring the matches into view when they appear.
  useEffect(() => {
    if (showList) list.current?.scrollIntoView({ block: 'nearest' });
  }, [showList]);

  // Keep the highlighted match in view while the arrows move through a scrolled list.
  useEffect(() => {
    if (active >= 0) document.getElementById(`${id}-option-${active}`)?.scrollIntoView({ block: 'nearest' });
  }, [id, active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (provider: Provider) => {
    setPicked(provider);
    onChange(provider.id);
    setTerm('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) return setOpen(true);
      if (last < 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index < 0 && step < 0 ? last : (index + step + last + 1) % (last + 1)));
    } else if (event.key === 'Enter' && open) {
      // Enter picks the highlighted match; it must not submit the listing half-finished.
      event.preventDefault();
      const match = matches[active];
      if (match) choose(match);
    } else if (event.key === 'Escape' && open) {
      close();
    }
  };

  return (
    <div className="space-y-2">
      <div id={`${id}-chosen`} className="flex items-center gap-3 rounded-md border border-line bg-canvas px-3 py-2">
        <UserRound className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
        {chosen ? (
          <p className="min-w-0 text-sm">
            <span className="block truncate font-medium text-ink">
              {formatProviderName(chosen)}
              {chosen.id === me?.id && <span className="font-normal text-muted"> (you)</span>}
            </span>
            <span className="block truncate text-xs text-muted">{chosen.email}</span>
          </p>
        ) : (
          <p className="text-sm text-muted">No provider</p>
        )}
      </div>

      <SearchInput
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        maxLength={200}
        placeholder="Search by name, e-mail or company"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={aria['aria-invalid']}
        aria-describedby={[`${id}-chosen`, aria['aria-describedby']].filter(Boolean).join(' ')}
        value={term}
        onChange={(event) => {
          setTerm(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onClick={() => setOpen(true)}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          setTerm('');
          onBlur?.();
        }}
      />

      {/* In the page's flow rather than floating: the dialog scrolls, and a floating list near its foot would be cut off. */}
      <ul
        ref={list}
        id={listId}
        role="listbox"
        aria-label="Matching providers"
        hidden={!showList}
        className={cn('max-h-60 overflow-y-auto rounded-md border border-line bg-surface p-1 shadow-sm', search.isPlaceholderData && 'opacity-70')}
      >
        {matches.map((provider, index) => (
          <li
            key={provider.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            // Keeps the focus in the search box, so the list is still there when the click lands.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(provider)}
            onMouseMove={() => setActive(index)}
            className={cn('flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm', index === active && 'bg-primary-soft')}
          >
            <span className="min-w-0 flex-1">
              <span className="block truncate text-ink">{formatProviderName(provider)}</span>
              <span className="block truncate text-xs text-muted">{provider.email}</span>
            </span>
            {provider.id === chosen?.id && (
              <>
                <Check className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
                <span className="sr-only">(chosen)</span>
              </>
            )}
          </li>
        ))}
      </ul>
      {open && matches.length === 0 && (
        <p role="status" className="rounded-md border border-line px-3 py-2 text-sm text-muted">
          {search.isError ? 'Failed to search providers' : search.isFetching || search.isPending ? 'Searching...' : 'No providers match'}
        </p>
      )}
    </div>
  );
}

/**
 * For the surrounding dialog's onEscapeKeyDown: Escape in an open picker closes the list, not the
 * dialog (Radix hears the key on the document before the picker does, so the picker cannot stop it).
 */
export function keepDialogOpenWhilePicking(event: globalThis.KeyboardEvent) {
  const target = event.target;
  if (target instanceof HTMLElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') {
    event.preventDefault();
  }
}
