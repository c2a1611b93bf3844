import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { Search } from '../components/ui/icons';
import { cn } from '../lib/cn';

type HeaderSearchProps = {
  placeholder: string;
  className?: string;
  /** Called after a search was started (the side panel closes itself with it). */
  onSearch?: () => void;
};

/**
 * The header's search box: a non-blank term opens /tools?search={term}; a blank one does nothing.
 * A plain GET form to /tools, so it searches before (or without) the script too.
 */
export function HeaderSearch({ placeholder, className, onSearch }: HeaderSearchProps) {
  const [term, setTerm] = useState('');
  const [, navigate] = useLocation();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not the state: text typed before the script took over is in the box only.
    const trimmed = String(new FormData(event.currentTarget).get('search') ?? '').trim();
    if (!trimmed) return;
    navigate(`/tools?search=${encodeURIComponent(trimmed)}`);
    onSearch?.();
  }

  return (
    <form role="search" method="get" action="/tools" onSubmit={submit} className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <input
        type="search"
        name="search"
        value={term}
        onChange={(event) => setTerm(event.target.value)}
        placeholder={placeholder}
        aria-label={placeholder}
        className="h-10 w-full rounded-full border border-line bg-canvas pr-4 pl-9 text-sm text-ink placeholder:text-muted focus-visible:bg-surface focus-visible:outline-2 focus-visible:outline-primary"
      />
    </form>
  );
}
