import { Link } from 'wouter';
import { formatDelivery, formatPrice, formatListingBy } from '../../../../shared/format';
import type { Listing } from '../../../../shared/types';
import { ListingImage } from '../../../components/listing/listing-image';
import { listingPath } from '../../../components/listing/listing-paths';
import { programmeTermRows } from './programme-diff';

const priceTypeWords = { fixed: 'One-off price', monthly: 'Billed monthly', hourly: 'Billed hourly' } as const;

/**
 * What goes live if the administrator approves: the listing with its proposed edit applied, every
 * field, its pictures and its partner programme (the proposed terms where a change waits), with
 * a link to its own page, which administrators may open before it is live.
 */
export function PendingPreview({ listing }: { listing: Listing }) {
  const next = { ...listing, ...listing.pendingChanges };
  const programme = listing.programmeProposal ? listing.programmeProposal.proposed : listing.programme;
  const movesCategory = !!listing.pendingChanges && listing.pendingChanges.categoryId !== listing.categoryId;
  const fields: { label: string; value: string }[] = [
    { label: 'Category', value: movesCategory ? 'Moves to another category' : (listing.category?.name ?? '—') },
    { label: 'Short description', value: next.shortDescription ?? '—' },
    { label: 'Price', value: formatPrice(next) },
    ...(next.type === 'services' ? [{ label: 'Price type', value: next.priceType ? priceTypeWords[next.priceType] : '—' }, { label: 'Delivery', value: formatDelivery(next.deliveryTime) ?? '—' }] : []),
    ...(next.type === 'tools' ? [{ label: 'Website', value: next.websiteUrl ?? '—' }] : []),
    { label: 'Tags', value: next.tags.join(', ') || '—' },
    { label: 'Features', value: next.features.join(', ') || '—' },
    { label: 'Provider', value: `${formatListingBy(listing)}${listing.provider?.email ? ` (${listing.provider.email})` : ''}` },
    { label: 'Submitted', value: new Date(listing.pendingChanges?.submittedAt ?? listing.updatedAt).toISOString().slice(0, 10) },
  ];
  return (
    <details className="rounded-md border border-line bg-canvas text-sm" data-testid="pending-preview">
      <summary className="cursor-pointer px-3 py-2 font-medium text-ink">Preview: every field, images and partner terms</summary>
      <div className="space-y-4 border-t border-line px-3 py-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <figure className="overflow-hidden rounded-md border border-line bg-surface">
            <ListingImage src={listing.imageUrl} alt={`Image of ${next.title}`} className="aspect-[16/9] w-full" sizes="(min-width: 640px) 360px, 100vw" />
            <figcaption className="px-2 py-1 text-xs text-muted">Listing image{listing.imageUrl ? '' : ': none uploaded'}</figcaption>
          </figure>
          {next.type === 'tools' && (
            <figure className="overflow-hidden rounded-md border border-line bg-surface">
              <ListingImage src={next.screenshotUrl ?? null} alt={`Screenshot of ${next.websiteUrl ?? next.title}`} className="aspect-[8/5] w-full" sizes="(min-width: 640px) 360px, 100vw" />
              <figcaption className="px-2 py-1 text-xs text-muted">Website screenshot{next.screenshotUrl ? '' : ': not taken yet'}</figcaption>
            </figure>
          )}
        </div>
        <section aria-label="Description">
          <h4 className="text-xs font-medium tracking-wide text-muted uppercase">Description</h4>
          <p className="mt-1 break-words whitespace-pre-line text-ink">{next.description}</p>
        </section>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-2">
          {fields.map((field) => (
            <div key={field.label} className="min-w-0">
              <dt className="text-xs font-medium tracking-wide text-muted uppercase">{field.label}</dt>
              <dd className="break-words text-ink">{field.value}</dd>
            </div>
          ))}
        </dl>
        <section aria-label="Partner terms">
          <h4 className="text-xs font-medium tracking-wide text-muted uppercase">Partner terms{listing.programmeProposal ? ' (as proposed)' : ''}</h4>
          {programme ? (
            <dl className="mt-1 grid gap-x-6 gap-y-1 sm:grid-cols-2">
              {programmeTermRows(programme, next.priceType).map((row) => (
                <div key={row.label} className="flex min-w-0 justify-between gap-3 border-b border-line/60 py-1">
                  <dt className="text-muted">{row.label}</dt>
                  <dd className="text-right break-words text-ink">{row.value}</dd>
                </div>
              ))}
            </dl>
          ) : (
            <p className="mt-1 text-muted">{listing.programmeProposal ? 'The programme is to be removed.' : 'No partner programme.'}</p>
          )}
        </section>
        <Link href={listingPath(listing)} className="inline-block font-medium text-primary underline">
          {listing.status === 'approved' ? 'Open its live page (the live version)' : 'Open its page (not live yet)'}
        </Link>
      </div>
    </details>
  );
}
