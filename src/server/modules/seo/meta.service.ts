import type { Executor } from '../../../db/client';
import type { MetaPage, SeoPageType } from '../../../shared/schemas/seo';
import { formatAverage, formatDelivery, formatDollars, formatProviderName } from '../../../shared/format';
import type { ListingType, Meta } from '../../../shared/types';
import type { Config } from '../../config';
import type { ListingWithRelations } from '../listings/listing-json';
import { defaultMeta } from './meta-defaults';
import { findPublicCategory, findPublicListing, findPublicProvider } from './meta-entities';
import { findOverridesFor, findTemplate } from './seo.queries';
import { fillTemplate, type SeoVariables, summarize } from './template-text';

export type MetaRequest = { page: MetaPage; entityId?: string; type?: ListingType };

/** The resolved meta, and the listing when the page is one (render-page adds JSON-LD for it). */
export type ResolvedMeta = Meta & { listing?: ListingWithRelations };

type Names = Pick<Config, 'productName' | 'siteName'>;

type PageSubject = {
  /** The page type templates and overrides are stored under, when the page has one. */
  seoType?: SeoPageType;
  variables: SeoVariables;
  /** The ids and slugs an override's entity id may name this subject by. */
  keys: string[];
  fallback: Meta;
  listing?: ListingWithRelations;
};

/**
 * Title and description of one page. Precedence: an override for this entity, then an override
 * for the page type as a whole, then the global template, then the built-in default; title and
 * description resolve separately, so an override may set just one of them.
 */
export async function resolveMeta(db: Executor, names: Names, request: MetaRequest): Promise<ResolvedMeta> {
  const subject = await describeSubject(db, names, request);
  if (!subject.seoType) return { ...subject.fallback, listing: subject.listing };

  const [template, overrides] = await Promise.all([
    findTemplate(db, subject.seoType),
    findOverridesFor(db, subject.seoType, subject.keys),
  ]);
  const entityOverride = overrides.find((row) => row.entityId !== null);
  const pageOverride = overrides.find((row) => row.entityId === null);
  const pick = (field: 'title' | 'description') =>
    entityOverride?.[field] ?? pageOverride?.[field] ?? (template ? template[field] : null);

  const fill = (text: string | null, fallback: string) => {
    const filled = text === null ? '' : fillTemplate(text, subject.variables);
    return filled || fallback;
  };
  return {
    title: fill(pick('title'), subject.fallback.title),
    description: fill(pick('description'), subject.fallback.description),
    listing: subject.listing,
  };
}

async function describeSubject(db: Executor, names: Names, { page, entityId, type }: MetaRequest): Promise<PageSubject> {
  const siteName = names.siteName;
  const key = entityId?.trim();

  if ((page === 'service' || page === 'tool') && key) {
    const listing = await findPublicListing(db, page === 'tool' ? 'tools' : 'services', key);
    if (listing) {
      const row = listing.listing;
      const description = summarize(row.shortDescription || row.description);
      return {
        seoType: page,
        keys: [String(row.id), row.slug],
        listing,
        variables: {
          name: row.title,
          category: listing.category?.name ?? '',
          siteName,
          description,
          price: formatDollars(row.price) ?? '',
          deliveryTime: formatDelivery(row.deliveryTime) ?? '',
          rating: row.reviewCount > 0 ? formatAverage(row.rating) : '',
        },
        fallback: { title: `${row.title} | ${siteName}`, description },
      };
    }
  }

  if (page === 'category' && key) {
    const category = await findPublicCategory(db, key, type);
    if (category) {
      const description =
        summarize(category.description) ||
        `${category.type === 'tools' ? 'Tools' : 'Services'} in ${category.name} on ${siteName}.`;
      return {
        seoType: 'category',
        keys: [String(category.id), category.slug],
        variables: { name: category.name, category: category.name, siteName, description },
        fallback: { title: `${category.name} | ${siteName}`, description },
      };
    }
  }

  if (page === 'company' && key) {
    const provider = await findPublicProvider(db, key);
    if (provider) {
      const name = formatProviderName(provider);
      const description = summarize(provider.bio) || `${name} on ${siteName}: services, tools and reviews.`;
      return { keys: [], variables: {}, fallback: { title: `${name} | ${siteName}`, description } };
    }
  }

  const fallback = defaultMeta(page, names);
  return {
    // A listing or category that does not exist has nothing to fill a template with: it keeps the default.
    seoType: page === 'home' ? 'home' : undefined,
    keys: [],
    variables: { name: siteName, siteName, description: fallback.description },
    fallback,
  };
}
