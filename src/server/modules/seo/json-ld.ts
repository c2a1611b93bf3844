import type { ListingWithRelations } from '../listings/listing-json';
import { formatProviderName } from '../../../shared/format';

/**
 * Structured data for a listing page: a Product for tools, a Service for services, with the
 * review aggregate when there are reviews and an Offer when there is a price.
 */
export function listingJsonLd({ listing, category, provider }: ListingWithRelations, pageUrl: string, siteUrl: string): Record<string, unknown> {
  const isTool = listing.type === 'tools';
  const image = listing.imageUrl ?? listing.screenshotUrl;
  const providerName = provider ? formatProviderName(provider) : undefined;
  return {
    '@context': 'https://schema.org',
    '@type': isTool ? 'Product' : 'Service',
    name: listing.title,
    description: listing.shortDescription || listing.description,
    url: pageUrl,
    ...(image && { image: image.startsWith('/') ? `${siteUrl}${image}` : image }),
    ...(category && (isTool ? { category: category.name } : { serviceType: category.name })),
    ...(providerName &&
      (isTool
        ? { brand: { '@type': 'Brand', name: providerName } }
        : { provider: { '@type': 'Organization', name: providerName, url: `${siteUrl}/company/${provider!.slug}` } })),
    ...(listing.reviewCount > 0 && {
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: Math.round(listing.rating * 10) / 10,
        reviewCount: listing.reviewCount,
        bestRating: 5,
        worstRating: 1,
      },
    }),
    ...(listing.price !== null && {
      offers: {
        '@type': 'Offer',
        price: listing.price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url: pageUrl,
      },
    }),
  };
}

/** JSON for a <script> element: '<' escaped, so no text in it can close the element. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
