import type { ListingWithRelations } from '../listings/listings.queries';
import { formatProviderName } from '../../../shared/format';
import { providerPath } from './entity-paths';

/** A partner programme's public retail prices: only terms everyone may see reach structured data. */
export type PublicRetailTerms = { visibility: 'public' | 'members' | 'on_request'; suggestedRetailPrice: string | null; minRetailPrice: string | null };

type ListingRow = ListingWithRelations['listing'];

/** UN/CEFACT common codes for the units a service may be priced by. */
const unitCodes = { monthly: { unitCode: 'MON', unitText: 'month' }, hourly: { unitCode: 'HUR', unitText: 'hour' } } as const;

/**
 * The Offer for a listing's price. A service's price type says how to read it: "Starting at"
 * for fixed (a minimum, so a PriceSpecification with minPrice), per month or per hour (a
 * UnitPriceSpecification per one unit). Tools show a plain price (formatPrice ignores the type).
 */
function offerOf(listing: ListingRow, pageUrl: string, partner?: PublicRetailTerms | null): Record<string, unknown> | undefined {
  if (listing.price === null) return undefined;
  const money = { price: listing.price, priceCurrency: 'USD' };
  const unit = listing.type === 'services' && (listing.priceType === 'monthly' || listing.priceType === 'hourly') ? unitCodes[listing.priceType] : undefined;
  const priceSpecification = unit
    ? { '@type': 'UnitPriceSpecification', ...money, ...unit, referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: unit.unitCode } }
    : listing.type === 'services' && listing.priceType === 'fixed'
      ? { '@type': 'PriceSpecification', minPrice: listing.price, priceCurrency: 'USD' }
      : undefined;
  const specifications = [priceSpecification, ...retailSpecifications(listing, partner)].filter(Boolean);
  return {
    '@type': 'Offer',
    ...money,
    ...(specifications.length > 0 && { priceSpecification: specifications.length === 1 ? specifications[0] : specifications }),
    availability: 'https://schema.org/InStock',
    url: pageUrl,
  };
}

/**
 * A public partner programme's suggested and minimum retail prices, as schema.org's SRP and
 * MinimumAdvertisedPrice price types beside the retail Offer's own price. Terms for members or on
 * request never reach structured data: crawlers are visitors.
 */
function retailSpecifications(listing: ListingRow, partner?: PublicRetailTerms | null): Record<string, unknown>[] {
  if (!partner || partner.visibility !== 'public') return [];
  const unit = listing.priceType === 'monthly' || listing.priceType === 'hourly' ? unitCodes[listing.priceType] : undefined;
  const spec = (price: string, priceType: string) => ({
    '@type': 'UnitPriceSpecification',
    priceType,
    price,
    priceCurrency: 'USD',
    ...(unit && { ...unit, referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: unit.unitCode } }),
  });
  return [
    ...(partner.suggestedRetailPrice ? [spec(partner.suggestedRetailPrice, 'https://schema.org/SRP')] : []),
    ...(partner.minRetailPrice ? [spec(partner.minRetailPrice, 'https://schema.org/MinimumAdvertisedPrice')] : []),
  ];
}

/**
 * Structured data for a listing page: a Product for tools, a Service for services, with the
 * review aggregate when there are reviews and an Offer when there is a price.
 *
 * Google rejects a Product that has none of offers, aggregateRating or review, and a made-up
 * price or rating would be worse. So a tool with no price and no reviews gets no JSON-LD at all
 * (undefined): the page still has its title, description and Open Graph tags. A Service has no
 * such required properties, so every service gets one.
 */
export function listingJsonLd(
  { listing, category, provider }: ListingWithRelations,
  pageUrl: string,
  siteUrl: string,
  partner?: PublicRetailTerms | null,
): Record<string, unknown> | undefined {
  const isTool = listing.type === 'tools';
  const offers = offerOf(listing, pageUrl, partner);
  const aggregateRating =
    listing.reviewCount > 0
      ? { '@type': 'AggregateRating', ratingValue: Math.round(listing.rating * 10) / 10, reviewCount: listing.reviewCount, bestRating: 5, worstRating: 1 }
      : undefined;
  if (isTool && !offers && !aggregateRating) return undefined;

  const image = listing.imageUrl ?? listing.screenshotUrl;
  // Never the e-mail's name (formatProviderName's last resort): structured data is for crawlers.
  // An unclaimed listing names the company it is for, which has no profile page yet.
  const providerName = provider ? formatProviderName({ ...provider, email: undefined }) : (listing.unclaimedCompany ?? undefined);
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
        : { provider: { '@type': 'Organization', name: providerName, ...(provider && { url: `${siteUrl}${providerPath(provider)}` }) } })),
    ...(aggregateRating && { aggregateRating }),
    ...(offers && { offers }),
  };
}

/** JSON for a <script> element: '<' escaped, so no text in it can close the element. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
