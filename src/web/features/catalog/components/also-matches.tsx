import type { ListingType } from '../../../../shared/types';
import { withQuery } from '../../../lib/api';

/**
 * "Also 3 services match 'white label seo'" above a search's results, linking to the same words
 * among the other type: the header's search box searches tools only. The count comes with the
 * search's own answer (X-Other-Type-Count), so no second search is sent. Nothing when none match.
 */
export function AlsoMatches({ type, search, otherType }: { type: ListingType; search: string | undefined; otherType: { total: number; totalExact: boolean } | undefined }) {
  if (!search || !otherType || otherType.total === 0) return null;
  const other: ListingType = type === 'tools' ? 'services' : 'tools';
  const one = otherType.total === 1 && otherType.totalExact;
  const noun = other === 'tools' ? (one ? 'tool' : 'tools') : one ? 'service' : 'services';
  const count = `${otherType.total.toLocaleString('en-US')}${otherType.totalExact ? '' : '+'}`;
  return (
    <p className="mb-4 text-sm text-muted">
      <a href={withQuery(`/${other}`, { search })} className="font-medium text-primary underline-offset-2 hover:underline">
        Also {count} {noun} {one ? 'matches' : 'match'} ‘{search}’
      </a>
    </p>
  );
}
