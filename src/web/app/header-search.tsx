import type { FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Search } from '../components/ui/icons';
import { cn } from '../lib/cn';

type HeaderSearchProps = {
  placeholder: string;
  className?: string;
  /** Called after a search was started (the side panel closes itself with it). */
  onSearch?: () => void;
};

// Wants one character that is not a space: the browser refuses a blank search as it does an empty one.
const NOT_BLANK = '.*\\S.*';

/**
 * The header's search box: a non-blank term opens /tools?search={term}; a blank one does nothing.
 * A plain GET form to /tools, so it searches before (or without) the script too; `required` and a
 * pattern that wants one non-space character keep the browser from sending a blank search then.
 */
export function HeaderSearch({ placeholder, className, onSearch }: HeaderSearchProps) {
  const [, navigate] = useLocation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The box is uncontrolled: the form holds what was typed, before the script took over too.
    const trimmed = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    if (!trimmed) return;
    navigate(`/tools?search=${encodeURIComponent(trimmed)}`);
    onSearch?.();
  }

  return (
    // Named, so it is told apart from a page's own search (the home page's, a list page's): two
    // search landmarks without names read as the same one twice.
    <form role="search" aria-label="Site search" method="get" action="/tools" onSubmit={submit} className={cn('relative', className)}>
      {/* The magnifier is the form's submit button: a form has one, for those who cannot press Enter. */}
      <button
        type="submit"
        aria-label="Search"
        className="absolute top-1/2 left-1.5 flex h-7 w-7 -translate-y-1/2 cursor-pointer items-center justify-center rounded-full text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
      >
        <Search className="h-4 w-4" aria-hidden="true" />
      </button>
      <input
        type="search"
        name="search"
        // Uncontrolled: what a person typed before the app took over stays in the box through hydration.
        defaultValue=""
        placeholder={placeholder}
        aria-label={placeholder}
        required
        pattern={NOT_BLANK}
        className="h-10 w-full rounded-full border border-line bg-canvas pr-4 pl-9 text-sm text-ink placeholder:text-muted focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
      />
    </form>
  );
}
