import { Link, useSearchParams } from 'wouter';
import { canonicalCompareIds, compareWith, MAX_COMPARED } from '../../../shared/compare-ids';
import { cn } from '../../lib/cn';

/**
 * "Compare": a plain link to the comparison with this listing added to the one being built (the
 * `compare` parameter the catalogue's addresses carry), so it works before the page's code runs.
 * A full comparison offers no more; a listing already in it links to the comparison.
 */
export function CompareLink({ listingId, title, className }: { listingId: number; title: string; className?: string }) {
  const [params] = useSearchParams();
  const target = compareWith(canonicalCompareIds(params.get('compare')), listingId);
  if (!target) return <span className={cn('text-xs text-muted', className)}>Comparing {MAX_COMPARED} (the most)</span>;
  return (
    // The listing's name is the link's description, not its name: a link named after the listing opens the listing.
    <Link href={target.href} title={`${target.added ? 'Compare' : 'In the comparison:'} ${title}`} className={cn('text-sm font-medium text-primary underline-offset-2 hover:underline', className)} data-testid="compare-link">
      {target.added ? 'Compare' : 'In comparison'}
    </Link>
  );
}
