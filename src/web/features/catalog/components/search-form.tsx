import { useEffect, useRef, type FormEvent } from 'react';
import { Search } from '../../../components/ui/icons';
import { SEARCH_MAX_LENGTH } from '../../../../shared/listing-limits';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import type { GetForm } from '../use-url-filters';
import { HiddenParams } from './hidden-params';

type SearchFormProps = {
  /** The term already searched for (from the URL). */
  initialTerm: string;
  placeholder: string;
  /** The accessible name of the search box. */
  label: string;
  /** Where the form goes without JavaScript (`?search=` added), with the parameters it keeps. */
  form: GetForm;
  onSearch: (term: string) => void;
  className?: string;
  /** 'onColour' when the form sits on the coloured hero: a white button that stands out from it. */
  tone?: 'default' | 'onColour';
};

/**
 * A search box and its button: a plain GET form, so searching works before (or without) the
 * script; with it, the submit is handled here. Submitting an empty box clears the search.
 */
export function SearchForm({ initialTerm, placeholder, label, form, onSearch, className, tone = 'default' }: SearchFormProps) {
  // The box is uncontrolled, as the header's is: what a person typed stays in it whatever React
  // renders, before the script took over or while it re-renders the page (the compare tray tidying
  // the address, say). A controlled box put its state back over text React had not seen typed.
  // Only a change of the address's own term (Back, forward, a search sent) is written into it.
  const input = useRef<HTMLInputElement>(null);
  const shownTerm = useRef(initialTerm);
  useEffect(() => {
    if (shownTerm.current === initialTerm) return;
    shownTerm.current = initialTerm;
    if (input.current) input.current.value = initialTerm;
  }, [initialTerm]);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box holds what was typed, before the script took over too.
    onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  }

  return (
    <form role="search" aria-label={label} method="get" action={form.action} onSubmit={submit} className={cn('flex w-full gap-2', className)}>
      <HiddenParams params={form.keep} />
      <div className="relative flex-1">
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" />
        <input
          ref={input}
          type="search"
          name="search"
          defaultValue={initialTerm}
          placeholder={placeholder}
          aria-label={label}
          maxLength={SEARCH_MAX_LENGTH}
          className="h-11 w-full rounded-md border border-line bg-surface pr-3 pl-9 text-sm text-ink placeholder:text-muted focus-visible:outline-2 focus-visible:outline-primary"
        />
      </div>
      <Button type="submit" variant={tone === 'onColour' ? 'outline' : 'primary'} className="h-11">
        Search
      </Button>
    </form>
  );
}
