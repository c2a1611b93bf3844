import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Clock, ExternalLink, Tag } from '../../../../components/ui/icons';
import { formatDelivery, formatPrice, formatProviderName } from '../../../../../shared/format';
import type { Listing } from '../../../../../shared/types';
import { companyPath } from '../../../../components/listing/listing-paths';
import { Button } from '../../../../components/ui/button';
import { ProviderAvatar } from './provider-avatar';

const card = 'rounded-xl border border-line bg-surface p-6 shadow-sm';

const priceTypeLabel = { fixed: 'One-off price', monthly: 'Billed monthly', hourly: 'Billed hourly' } as const;

/**
 * The price and delivery, the provider, the tool's website, `contact`: where the provider
 * contact form goes for services (tools have none; SPEC.md section 6), and `claim`, where an
 * unclaimed listing's company claims it. `partnerSummary` sits in the
 * price card, so an agency sees its cost beside the retail price in the first screen.
 */
export function ListingSidebar({ listing, contact, claim, partnerSummary }: { listing: Listing; contact?: ReactNode; claim?: ReactNode; partnerSummary?: ReactNode }) {
  const delivery = formatDelivery(listing.deliveryTime);
  const providerName = formatProviderName(listing.provider);
  return (
    <aside aria-label="Pricing and provider" className="space-y-6">
      <section aria-label="Price" className={card}>
        <p className="text-2xl font-bold text-ink">{formatPrice(listing)}</p>
        <dl className="mt-4 space-y-2 text-sm">
          {listing.type === 'services' && listing.priceType && listing.price && (
            <div className="flex items-center gap-2 text-muted">
              <Tag aria-hidden="true" className="h-4 w-4" />
              <dt className="sr-only">Pricing</dt>
              <dd>{priceTypeLabel[listing.priceType]}</dd>
            </div>
          )}
          {delivery && (
            <div className="flex items-center gap-2 text-muted">
              <Clock aria-hidden="true" className="h-4 w-4" />
              <dt>Delivery:</dt>
              <dd className="font-medium text-ink">{delivery}</dd>
            </div>
          )}
        </dl>
        {listing.type === 'tools' && listing.websiteUrl && (
          <Button asChild className="mt-5 w-full">
            {/* A live tool's click goes through the server, which counts it and redirects to the stored address. */}
            <a
              href={listing.status === 'approved' ? `/api/tools/${listing.id}/website` : listing.websiteUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
            >
              Visit Website
              <ExternalLink aria-hidden="true" className="h-4 w-4" />
            </a>
          </Button>
        )}
        {partnerSummary}
      </section>

      {listing.type === 'services' && contact && <div className={card}>{contact}</div>}
      {claim && <div className={card}>{claim}</div>}

      {listing.provider && (
        <section aria-labelledby="provider-heading" className={card}>
          <h2 id="provider-heading" className="mb-4 text-sm font-semibold tracking-wide text-muted uppercase">
            Provider
          </h2>
          <div className="flex items-center gap-3">
            <ProviderAvatar name={providerName} imageUrl={listing.provider.profileImageUrl} size={48} className="h-12 w-12 shrink-0" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-ink">{providerName}</p>
              {listing.provider.companyName && (listing.provider.firstName || listing.provider.lastName) && (
                <p className="truncate text-sm text-muted">{[listing.provider.firstName, listing.provider.lastName].filter(Boolean).join(' ')}</p>
              )}
            </div>
          </div>
          <Button asChild variant="outline" className="mt-4 w-full">
            <Link href={companyPath(listing.provider)}>View Profile</Link>
          </Button>
        </section>
      )}
    </aside>
  );
}
