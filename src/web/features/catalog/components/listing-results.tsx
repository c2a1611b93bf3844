import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { ListingSummary } from '../../../../shared/types';
import { ListingCard } from '../../../components/listing/listing-card';
import { ListingGrid, ListingGridSkeleton } from '../../../components/listing/listing-grid';
import { PAGE_SIZE } from '../listing-filters';
import { Pagination } from './pagination';
import { EmptyState, ErrorState } from './status-message';
import { countOf } from '../../../../shared/plural';

/** The cards of the first row on the widest grid: on screen as the page opens, so not left to lazy loading. */
const FIRST_ROW = 3;

type ListingResultsProps = {
  data: { items: ListingSummary[]; total: number } | undefined;
  isPending: boolean;
  error: Error | null;
  onRetry: () => void;
  skeletonCount: number;
  emptyTitle: string;
  emptyDescription?: string;
  page: number;
  /** How many results the server pages through (its results window); pages stop there. */
  reachable: number;
  hrefForPage: (page: number) => string;
  /** Put into each card's top-right corner (the favourite heart). */
  renderAction?: (listing: ListingSummary) => ReactNode;
};

/** A page of listing cards with its loading, error and empty states and the pagination under it. */
/** The first card's picture is the page's largest paint on a phone: fetched first; the rest of the first row at once, the others when scrolled to. */
const imagePriorityAt = (index: number) => (index === 0 ? 'high' : index < FIRST_ROW ? 'eager' : 'lazy');

export function ListingResults({ data, isPending, error, onRetry, skeletonCount, emptyTitle, emptyDescription, page, reachable, hrefForPage, renderAction }: ListingResultsProps) {
  if (isPending) return <ListingGridSkeleton count={skeletonCount} />;
  if (error || !data) return <ErrorState error={error} onRetry={onRetry} />;
  if (data.items.length === 0 && data.total > 0) {
    // A page number past the end (an old link, say): the results are there, just not on this page.
    return (
      <EmptyState title="This page is empty" description={`${countOf(data.total, 'result')} in all, on earlier pages.`}>
        <Link href={hrefForPage(1)} className="font-medium text-primary hover:underline">
          Go to the first page
        </Link>
      </EmptyState>
    );
  }
  if (data.items.length === 0) return <EmptyState title={emptyTitle} description={emptyDescription} />;
  return (
    <>
      <ListingGrid>
        {data.items.map((listing, index) => (
          <ListingCard key={listing.id} listing={listing} action={renderAction?.(listing)} imagePriority={imagePriorityAt(index)} />
        ))}
      </ListingGrid>
      <Pagination page={page} pageCount={Math.ceil(Math.min(data.total, reachable) / PAGE_SIZE)} hrefFor={hrefForPage} />
    </>
  );
}
