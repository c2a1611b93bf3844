import type { Executor } from '../../../db/client';
import type { SeoPageType } from '../../../shared/schemas/seo';
import { formatAverage, formatDelivery, formatDollars, formatProviderName } from '../../../shared/format';
import type { ListingType, Meta } from '../../../shared/types';
import type { Config } from '../../config';
import type { ListingWithRelations } from '../listings/listings.queries';
import { categoryPath, listingPath, providerPath } from './entity-paths';
import { defaultMeta } from './meta-defaults';
import { findPublicCategory, findPublicListing, findPublicProvider, findUnpublishedListing } from './meta-entities';
import type { PageName } from './page-names';
import { findOverridesFor, findTemplate } from './seo.queries';
import { fillTemplate, type SeoVariables, summarize } from './template-text';

export type MetaRequest = {
  page: PageName;
  entityId?: string;
  type?: ListingType;
  /** The key came from a category page's address, which names the category by slug alone. */
  slugOnly?: boolean;
};

/** The resolved meta, with what render-page needs beyond it. */
export type ResolvedMeta = Meta & {
  /** The listing when the page is one (render-page adds JSON-LD for it). */
  listing?: ListingWithRelations;
  /** The entity's own address from its slug, so /service/12 and /service/its-slug name one canonical page. */
  canonicalPath?: string;
  /** False when the request names a listing, category or provider that no visitor can see. */
  found: boolean;
  /** A pending or rejected listing its viewer may see (an administrator, its provider): never indexed. */
  unpublished?: boolean;
};

/** Who asks: a pending or rejected listing's page is found for administrators and its provider only. */
export type MetaViewer = { id: string; isAdmin: boolean } | null | undefined;

type Names = Pick<Config, 'productName' | 'siteName'>;

type PageSubject = {
  /** The page type templates and overrides are stored under, when the page has one. */
  seoType?: SeoPageType;
  variables: SeoVariables;
  /** The keys an override's entity id may name this subject by, the id first: it wins over the slug. */
  keys: string[];
  fallback: Meta;
  listing?: ListingWithRelations;
  canonicalPath?: string;
  found: boolean;
  unpublished?: boolean;
};

/**
 * Title and description of one page. Precedence: an override for this entity, then an override
 * for the page type as a whole, then the global template, then the built-in default; title and
 * description resolve separately, so an override may set just one of them.
 */
export async function resolveMeta(db: Executor, names: Names, request: MetaRequest, viewer?: MetaViewer): Promise<ResolvedMeta> {
  const subject = await describeSubject(db, names, request, viewer);
  const extras = { listing: subject.listing, canonicalPath: subject.canonicalPath, found: subject.found, ...(subject.unpublished && { unpublished: true }) };
  if (!subject.seoType) return { ...subject.fallback, ...extras };

  const [template, overrides] = await Promise.all([
    findTemplate(db, subject.seoType),
    findOverridesFor(db, subject.seoType, subject.keys),
  ]);
  // An administrator may have saved one override by id and another by slug: the id's wins, every time.
  const entityOverride = subject.keys.map((key) => overrides.find((row) => row.entityId === key)).find(Boolean);
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
    ...extras,
  };
}

async function describeSubject(db: Executor, names: Names, { page, entityId, type, slugOnly }: MetaRequest, viewer: MetaViewer): Promise<PageSubject> {
  const siteName = names.siteName;
  const key = entityId?.trim();

  if ((page === 'service' || page === 'tool') && key) {
    const listingType = page === 'tool' ? 'tools' : 'services';
    const live = await findPublicListing(db, listingType, key);
    const listing = live ?? (await findUnpublishedListing(db, viewer, listingType, key));
    if (!listing) return pageDefault(page, names, false);
    const row = listing.listing;
    const description = summarize(row.shortDescription || row.description);
    return {
      seoType: page,
      keys: [String(row.id), row.slug],
      listing,
      canonicalPath: listingPath(row),
      found: true,
      unpublished: !live,
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

  if (page === 'category' && key) {
    const category = await findPublicCategory(db, key, type, slugOnly);
    if (!category) return pageDefault(page, names, false);
    const description =
      summarize(category.description) || `${category.type === 'tools' ? 'Tools' : 'Services'} in ${category.name} on ${siteName}.`;
    return {
      seoType: 'category',
      keys: [String(category.id), category.slug],
      canonicalPath: categoryPath(category),
      found: true,
      variables: { name: category.name, category: category.name, siteName, description },
      fallback: { title: `${category.name} | ${siteName}`, description },
    };
  }

  if (page === 'company' && key) {
    const provider = await findPublicProvider(db, key);
    if (!provider) return pageDefault(page, names, false);
    const name = formatProviderName(provider);
    const description = summarize(provider.bio) || `${name} on ${siteName}: services, tools and reviews.`;
    return {
      keys: [],
      variables: {},
      canonicalPath: providerPath(provider),
      found: true,
      fallback: { title: `${name} | ${siteName}`, description },
    };
  }

  return pageDefault(page, names, true);
}

/** A page's built-in meta; a listing or category that does not exist has nothing to fill a template with. */
function pageDefault(page: PageName, names: Names, found: boolean): PageSubject {
  const fallback = defaultMeta(page, names);
  return {
    seoType: page === 'home' ? 'home' : undefined,
    keys: [],
    variables: { name: names.siteName, siteName: names.siteName, description: fallback.description },
    fallback,
    found,
  };
}
