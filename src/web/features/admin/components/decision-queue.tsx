import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api';

type QueueProps<Data> = {
  query: UseQueryResult<Data>;
  id: string;
  /** The heading, with the number waiting. */
  title: (data: Data) => string;
  description: string;
  empty: string;
  /** The cards, one an item, or none when nothing waits. */
  cards: (data: Data) => ReactNode[];
};

/**
 * An administrator's queue of things waiting for a decision (claims, reported reviews): a
 * placeholder while it loads, the reason when it cannot, then its heading and the cards in order.
 */
export function DecisionQueue<Data>({ query, id, title, description, empty, cards }: QueueProps<Data>) {
  if (query.isPending) return <Skeleton className="h-48 w-full" />;
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-danger">
        {errorMessage(query.error)}
      </p>
    );
  }
  const items = cards(query.data);
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-xl font-semibold text-ink">
          {title(query.data)}
        </h2>
        <p className="text-sm text-muted">{description}</p>
      </div>
      {items.length === 0 ? <p className="rounded-lg bg-canvas p-4 text-sm text-muted">{empty}</p> : <ol className="space-y-4">{items}</ol>}
    </section>
  );
}
