import { formatDelivery, formatPrice } from '../../../../shared/format';
import type { Listing } from '../../../../shared/types';
import { programmeChanges, type TermChange } from './programme-diff';

type Change = TermChange;

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
  return <ChangeList changes={changesOf(listing)} what="proposed" />;
}

/** The proposed change of the listing's partner programme, decided by the same Approve / Reject. */
export function ProposedProgrammeChanges({ listing }: { listing: Listing }) {
  if (!listing.programmeProposal) return null;
  const unit = listing.pendingChanges?.priceType ?? listing.priceType;
  return <ChangeList changes={programmeChanges(listing.programmeProposal, unit)} what="partner programme" testId="programme-changes" />;
}

function ChangeList({ changes, what, testId }: { changes: Change[]; what: string; testId?: string }) {
  if (changes.length === 0) return null;
  return (
    <details className="rounded-md border border-line bg-canvas px-3 py-2 text-sm" data-testid={testId}>
      <summary className="cursor-pointer font-medium text-ink">
        {changes.length} {what} {changes.length === 1 ? 'change' : 'changes'}
      </summary>
      <dl className="mt-2 space-y-2">
        {changes.map((change) => (
          <div key={change.label}>
            <dt className="text-xs font-medium tracking-wide text-muted uppercase">{change.label}</dt>
            <dd className="break-words text-ink">
              {change.label !== 'Category' && (
                <>
                  <span className="sr-only">from </span>
                  <span className="text-muted line-through">{change.from || '—'}</span>
                  <span className="sr-only"> to</span>
                </>
              )}{' '}
              <span>{change.label === 'Category' ? 'Moves to another category' : change.to || '—'}</span>
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
