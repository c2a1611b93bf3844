import { formatDelivery, formatPrice } from '../../../../shared/format';
import type { Listing } from '../../../../shared/types';

type Change = { label: string; from: string; to: string };

const list = (items: string[]) => items.join(', ') || 'none';

/** What a provider's edit of a live listing would change, field by field. */
function changesOf(listing: Listing): Change[] {
  const proposed = listing.pendingChanges;
  if (!proposed) return [];
  const next = { ...listing, ...proposed };
  const candidates: Change[] = [
    { label: 'Title', from: listing.title, to: proposed.title },
    { label: 'Short description', from: listing.shortDescription ?? '', to: proposed.shortDescription ?? '' },
    { label: 'Description', from: listing.description, to: proposed.description },
    // Only the id of the proposed category is known here; the card says that it moves.
    { label: 'Category', from: String(listing.categoryId), to: String(proposed.categoryId) },
    { label: 'Price', from: formatPrice(listing), to: formatPrice(next) },
    { label: 'Delivery', from: formatDelivery(listing.deliveryTime) ?? '', to: formatDelivery(proposed.deliveryTime) ?? '' },
    { label: 'Tags', from: list(listing.tags), to: list(proposed.tags) },
    { label: 'Features', from: list(listing.features), to: list(proposed.features) },
    { label: 'Website', from: listing.websiteUrl ?? '', to: proposed.websiteUrl ?? '' },
  ];
  return candidates.filter((change) => change.from !== change.to);
}

export function ProposedChanges({ listing }: { listing: Listing }) {
  const changes = changesOf(listing);
  if (changes.length === 0) return null;
  return (
    <details className="rounded-md border border-line bg-canvas px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium text-ink">
        {changes.length} proposed {changes.length === 1 ? 'change' : 'changes'}
      </summary>
      <dl className="mt-2 space-y-2">
        {changes.map((change) => (
          <div key={change.label}>
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{change.label}</dt>
            <dd className="break-words text-ink">
              {change.label !== 'Category' && <span className="text-muted line-through">{change.from || '—'}</span>}{' '}
              <span>{change.label === 'Category' ? 'Moves to another category' : change.to || '—'}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
