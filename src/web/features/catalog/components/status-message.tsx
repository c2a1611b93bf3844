import type { ReactNode } from 'react';
import { AlertTriangle, SearchX } from '../../../components/ui/icons';
import { Button } from '../../../components/ui/button';

/** A centred message for an empty list: an icon, a title and what the visitor can do next. */
export function EmptyState({
  title,
  description,
  children,
  headingLevel = 'h3',
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** 'h1' when the message is the whole page (a not-found state). */
  headingLevel?: 'h1' | 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-line bg-surface px-6 py-14 text-center">
      <SearchX aria-hidden="true" className="mb-3 h-10 w-10 text-muted" />
      <Heading className="text-lg font-semibold text-ink">{title}</Heading>
      {description && <p className="mt-1 max-w-md text-sm text-muted">{description}</p>}
      {children && <div className="mt-5 flex flex-wrap justify-center gap-3">{children}</div>}
    </div>
  );
}

/** What a visitor sees when data could not be loaded: the reason and a way to try again. */
export function ErrorState({ error, onRetry }: { error: Error | null; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center rounded-xl border border-red-200 bg-red-50 px-6 py-12 text-center">
      <AlertTriangle aria-hidden="true" className="mb-3 h-10 w-10 text-danger" />
      <h3 className="text-lg font-semibold text-ink">{error?.message || 'Something went wrong'}</h3>
      <p className="mt-1 max-w-md text-sm text-muted">Please check your connection and try again in a moment.</p>
      {onRetry && (
        <Button variant="outline" className="mt-5" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
