import { useEffect, useRef, useState, type FormEvent } from 'react';
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
  const [term, setTerm] = useState(initialTerm);
  const [syncedTerm, setSyncedTerm] = useState(initialTerm);
  // Back/forward changes the URL's term under us: show that one.
  if (initialTerm !== syncedTerm) {
    setSyncedTerm(initialTerm);
    setTerm(initialTerm);
  }
  // Text typed before the script took over is in the box only. Adopt it as the script starts, or
  // the first re-render (an address tidied by the compare tray, say) would put the old term back.
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const typed = input.current?.value;
    if (typed !== undefined && typed !== term) setTerm(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not the state: text typed before the script took over is in the box only.
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
          value={term}
          onChange={(event) => setTerm(event.target.value)}
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
