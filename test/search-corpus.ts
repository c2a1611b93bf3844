import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client';
import { insertBulkListings } from '../src/db/seed/bulk-listings';
import { seedDemoIfEmpty } from '../src/db/seed/demo';
import { findCataloguePage } from '../src/server/modules/listings/catalogue.queries';
import { listingQuerySchema } from '../src/shared/schemas/listing-query';
import type { ListingType } from '../src/shared/types';

/**
 * A fixed catalogue and a fixed corpus of searches, whose answers (each page's ids in order, the
 * total and whether it is exact) are kept in test/fixtures/search-answers.json: what search
 * answered when the fixture was made, so that a change to how search reads can be shown to answer
 * the same. The catalogue is the demo plus 3,000 generated listings from fixed seeds at a fixed
 * time, so its ids, words and creation order are the same on every engine and every run.
 */
export const CORPUS_NOW = new Date(Date.UTC(2026, 10, 1));

export async function seedCorpusCatalogue(db: Database) {
  await seedDemoIfEmpty(db, { now: CORPUS_NOW });
  await insertBulkListings(db, { count: 3_000, seed: 20_261_127, now: CORPUS_NOW });
  await db.execute(sql`analyze`);
}

/**
 * The searches: common, rare and several words, typos, names typed joined or apart, one letter,
 * stop words, with each filter, within categories (`category=` a slug, resolved to its id), and
 * pages up to and past the window's end; and lists of a category tree without words.
 */
export const searchCorpus: { type: ListingType; query: string }[] = [
  ...['seo', 'marketing', 'crm', 'wordpress', 'agency', 'c', 'p', 's', 'a', 'the seo', 'podcast', 'invoicing', 'makeover'].map((search) => ({ type: 'services' as const, query: `search=${search}` })),
  ...['marketing', 'crm', 'seo', 'analytics', 'email', 'c', 'social media', 'crm software'].map((search) => ({ type: 'tools' as const, query: `search=${search}` })),
  { type: 'services', query: 'search=email marketing retainer' },
  { type: 'services', query: 'search=social media scheduling' },
  { type: 'services', query: 'search=design automation' },
  { type: 'services', query: 'search=marketing agency seo crm wordpress design software email' },
  { type: 'tools', query: 'search=semush' },
  { type: 'tools', query: 'search=hubpsot' },
  { type: 'tools', query: 'search=klavyio' },
  { type: 'tools', query: 'search=pipedirve' },
  { type: 'tools', query: 'search=wp engine' },
  { type: 'tools', query: 'search=active campaign' },
  { type: 'tools', query: 'search=activecampaign' },
  { type: 'services', query: 'search=markting strategy' },
  { type: 'services', query: 'search=seo&maxPrice=500' },
  { type: 'services', query: 'search=marketing&maxPrice=100123' },
  { type: 'services', query: 'search=marketing&minPrice=100&maxPrice=1000' },
  { type: 'services', query: 'search=seo&rating=4' },
  { type: 'services', query: 'search=agency&deliveryTime=1,2,3,5,7' },
  { type: 'tools', query: 'search=marketing&programme=referral,affiliate' },
  { type: 'tools', query: 'search=crm&minMargin=30' },
  { type: 'services', query: 'search=seo&whiteLabel=full&verified=1' },
  { type: 'services', query: 'search=seo&category=seo-services' },
  { type: 'services', query: 'search=seo&category=local-seo' },
  { type: 'services', query: 'search=marketing&category=marketing-services' },
  { type: 'services', query: 'search=crm&category=customer-support' },
  { type: 'services', query: 'search=c&category=design-branding' },
  { type: 'tools', query: 'search=seo&category=seo-tools&maxPrice=200' },
  { type: 'services', query: 'search=seo&offset=24' },
  { type: 'services', query: 'search=seo&offset=480' },
  { type: 'services', query: 'search=seo&offset=500' },
  { type: 'services', query: 'search=marketing&limit=100&offset=100' },
  { type: 'tools', query: 'search=marketing&offset=24&maxPrice=100' },
  { type: 'services', query: 'search=podcast&offset=24' },
  { type: 'services', query: 'search=seo&maxPrice=100000' },
  { type: 'services', query: 'search=c&rating=0&limit=100' },
  { type: 'services', query: 'search=marketing services&limit=100' },
  { type: 'services', query: 'search=agency&limit=100&offset=400' },
  { type: 'tools', query: 'search=c&limit=100&offset=200' },
  { type: 'services', query: 'search=marketing&limit=100&offset=300&maxPrice=100123' },
  { type: 'tools', query: 'search=seo&category=seo-tools&limit=100' },
  { type: 'services', query: 'search=agency&category=marketing-services&limit=100' },
  // Searches no listing has every word of, relaxed ("No listing has all of ..."), found by a
  // synonym of the words (search_synonyms), and in the other spelling (spelling.ts).
  { type: 'services', query: 'search=search engine optimisation' },
  { type: 'services', query: 'search=pay per click' },
  { type: 'tools', query: 'search=email newsletter tool' },
  { type: 'tools', query: 'search=customer relationship management' },
  { type: 'services', query: 'search=optimisation' },
  // Lists of a category tree without words: a parent and its subcategories, a leaf, deep pages,
  // and filters that keep many, few or none of them.
  { type: 'services', query: 'category=marketing-services' },
  { type: 'services', query: 'category=marketing-services&offset=408' },
  { type: 'services', query: 'category=marketing-services&minPrice=1000&offset=24' },
  { type: 'services', query: 'category=local-seo&maxPrice=100' },
  { type: 'services', query: 'category=design-branding&limit=100&offset=100' },
  { type: 'tools', query: 'category=seo-tools&minPrice=700' },
];

/** `relaxedTo`: the words a relaxed search's listings have (findCataloguePage), when it was relaxed. */
export type CorpusAnswer = { type: ListingType; query: string; ids: number[]; total: number; totalExact: boolean; relaxedTo?: string[] };

/** Each search of the corpus, answered by findCataloguePage on `db` (seeded by seedCorpusCatalogue). */
export async function answerCorpus(db: Database): Promise<CorpusAnswer[]> {
  const categories = await db.execute(sql`select id, slug from categories`);
  const idOf = new Map((categories as unknown as { rows: { id: number; slug: string }[] }).rows.map((row) => [row.slug, row.id]));
  const answers: CorpusAnswer[] = [];
  for (const { type, query } of searchCorpus) {
    const params = Object.fromEntries(new URLSearchParams(query));
    if (params.category) params.categoryId = String(idOf.get(params.category));
    delete params.category;
    const page = await findCataloguePage(db, type, listingQuerySchema.parse(params));
    answers.push({ type, query, ids: page.rows.map((row) => row.listing.id), total: page.total, totalExact: page.totalExact, ...(page.relaxedTo ? { relaxedTo: page.relaxedTo } : {}) });
  }
  return answers;
}
