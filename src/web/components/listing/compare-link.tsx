import type { MouseEvent } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { withCompareParam } from '../../../shared/compare-ids';
import { addCompared, removeCompared, useCatalogueComparison } from '../../lib/compare-store';
import { cn } from '../../lib/cn';

/**
 * "Compare" on a listing: adds it to the comparison being built and stays where the person is, so
 * they go on browsing and filtering (the tray shows what they have collected). With the script the
 * comparison is kept in the browser (lib/compare-store.ts), so Back never takes a listing out of
 * it; before the script runs it is a plain link to this same page with the listing added to the
 * address's `compare` parameter. A listing already in the comparison offers to leave it.
 */
export function CompareLink({ listingId, title, className }: { listingId: number; title: string; className?: string }) {
  const [path] = useLocation();
  const [params] = useSearchParams();
  const { address, state } = useCatalogueComparison();
  const inComparison = state.items.some((item) => item.id === listingId);
  const addressIds = [...address.kept, ...address.refused];
  const next = inComparison ? addressIds.filter((id) => id !== listingId) : [...addressIds, listingId];
  const query = params.toString();
  const href = withCompareParam(query ? `${path}?${query}` : path, next);

  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    if (inComparison) removeCompared(listingId);
    else addCompared({ id: listingId, title });
  };

  return (
    // The listing's name is the link's description, not its name: a link named after the listing opens the listing.
    <Link
      href={href}
      onClick={toggle}
      title={`${inComparison ? 'Remove from the comparison:' : 'Add to the comparison:'} ${title}`}
      className={cn('text-sm font-medium text-primary underline-offset-2 hover:underline', className)}
      data-testid="compare-link"
      data-compared={inComparison ? 'true' : undefined}
    >
      {inComparison ? '✓ In comparison' : 'Compare'}
    </Link>
  );
}
