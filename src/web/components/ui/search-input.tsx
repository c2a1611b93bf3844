import type { InputHTMLAttributes } from 'react';
import { Search } from './icons';
import { cn } from '../../lib/cn';
import { Input } from './input';

/** A search box with its magnifier: the admin lists' filters and the provider picker. */
export function SearchInput({ wrapperClassName, className, ...props }: InputHTMLAttributes<HTMLInputElement> & { wrapperClassName?: string }) {
  return (
    <div className={cn('relative', wrapperClassName)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
      <Input type="search" className={cn('pl-9', className)} {...props} />
    </div>
  );
}
