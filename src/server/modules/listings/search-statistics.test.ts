import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '../../../shared/schemas/listing-query';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createUser } from '../../../../test/factories';
import { catalogueWhere } from './listing-filters';
import { correctWords, parseSearch } from './listing-search';
import type { MatchEstimate } from './search-slices';
import { estimateMatches, withoutStopWords } from '../../../../test/planner-estimate';
import { estimateFromStatistics, lexemeShare, type QueriedWord, queriedWords } from './search-statistics';
import type { ListingType } from '../../../shared/types';
import { readSearchStatistics } from './search-statistics.queries';
import { lookUpWords } from './search-words.queries';
import { findCataloguePage } from './catalogue.queries';
import { withSentStatements } from '../../../../test/sent-statements';

// The estimate computed in the server (search-statistics.ts) must be the planner's own: each
// search here is estimated both ways, on both engines, from the same ANALYZE.

const { app, db } = await createTestApp();
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'tools' });
const filters = catalogueWhere('tools', listingQuerySchema.parse({}));

/** Inserts tools with these descriptions; their titles hold no word, so the descriptions' words are all there is. */
async function insertTools(descriptions: string[]) {
  const start = (await db.execute(sql`select count(*)::int as n from listings`)) as unknown as { rows: { n: number }[] };
  const first = Number(start.rows[0]!.n);
  const rows = descriptions.map((description, n) => sql`('tools', ${`tool-${first + n}`}, '***', ${description}, ${category.id}, ${provider.id}, 'approved')`);
  await db.execute(sql`insert into listings (type, slug, title, description, category_id, provider_id, status) values ${sql.join(rows, sql`, `)}`);
}

/**
 * 1,200 tools, each described by one of 120 made-up words ("w7x"), ten tools each: ANALYZE keeps
 * them all as most common lexemes (more than 100, so the planner extrapolates a prefix's share
 * from them), and together they cover only about 63 % of the rows, so the extrapolation counts.
 */
const madeUpWords = () => Array.from({ length: 1_200 }, (_, n) => `w${n % 120}x`);

/** English words that stem ("marketing": market), over the made-up ones, at different shares. */
const englishWords = () => Array.from({ length: 400 }, (_, n) => (n % 3 === 0 ? 'marketing agency' : n % 5 === 0 ? 'podcast editing' : 'social media scheduling'));

/** The planner's estimate (EXPLAIN) and the server's, of the words as typed. */
async function bothEstimates(search: string): Promise<{ planned: MatchEstimate | undefined; computed: MatchEstimate | undefined }> {
  const typed = parseSearch(search);
  const statistics = await readSearchStatistics(db);
  const { lexemes } = await lookUpWords(db, 'tools', [], [], undefined, typed);
  const asTyped = correctWords(typed, []);
  return {
    planned: await estimateMatches(db, filters, asTyped),
    computed: statistics && estimateFromStatistics(statistics, { type: 'tools', status: 'approved' }, queriedWords(lexemes, asTyped)),
  };
}

/** Equal but for the last digit of a rounding: the planner multiplies in C doubles from float4 shares. */
function expectSameEstimate(computed: MatchEstimate | undefined, planned: MatchEstimate | undefined) {
  expect(computed).toBeDefined();
  for (const field of ['matches', 'listings', 'table'] as const) expect(Math.abs(computed![field] - planned![field])).toBeLessThanOrEqual(1);
  expect(computed!.likely).toBeCloseTo(planned!.likely, -1);
  expect(computed!.several).toBe(planned!.several);
}

describe('the match estimate from the statistics', () => {
  it('is undefined before the table was ever analyzed, so the search asks the planner', async () => {
    expect(await readSearchStatistics(db)).toBeUndefined();
  });

  it("is the planner's estimate when ANALYZE kept more than 100 lexemes: words and prefixes", async () => {
    await insertTools(madeUpWords());
    await db.execute(sql`analyze listings`);
    const statistics = await readSearchStatistics(db);
    expect(statistics!.lexemes!.shares.size).toBeGreaterThan(100);
    // "w1" starts w1x, w10x-w19x and w100x-w119x; "w11" w11x and w110x-w119x; "zzz" no lexeme.
    for (const search of ['w1', 'w11', 'w119', 'w77x', 'zzz']) {
      const { planned, computed } = await bothEstimates(search);
      expectSameEstimate(computed, planned);
    }
  });

  it("is the planner's estimate of English words and of several words", async () => {
    await insertTools(englishWords());
    await db.execute(sql`analyze listings`);
    // "w3 w40" and "w1 w11": a word of two letters before the last matches as a word, not a prefix.
    for (const search of ['marketing', 'agency', 'podcast', 'w3 w40', 'w1 w11', 'marketing agency', 'social media scheduling', 'scheduling zzz']) {
      const { planned, computed } = await bothEstimates(search);
      expectSameEstimate(computed, planned);
    }
  });

  it("is the planner's estimate with fewer lexemes, where it guesses a prefix's share", () => {
    const few = { shares: new Map([['seo', 0.4]]), least: 0.4 };
    expect(lexemeShare(few, 'seo', false)).toBe(0.4);
    expect(lexemeShare(few, 'seo', true)).toBe(0.02);
    expect(lexemeShare(few, 'crm', false)).toBe(0.005);
    expect(lexemeShare(undefined, 'crm', false)).toBe(0.005);
    expect(lexemeShare(undefined, 'crm', true)).toBe(0.02);
  });

  it('leaves a stop word out of the bound on several words, where the planner counts it as one listing', async () => {
    const { planned, computed } = await bothEstimates('the marketing');
    const alone = await bothEstimates('marketing');
    expect(planned!.likely).toBe(1);
    expect(computed!.likely).toBe(alone.computed!.likely);
    expect(computed!.matches).toBe(alone.computed!.matches);
    // Nothing but stop words matches nothing.
    expect((await bothEstimates('the')).computed!.matches).toBe(1);
    // The planner's estimate, when a narrower list asks for it, leaves the stop word out too.
    const { lexemes } = await lookUpWords(db, 'tools', [], [], undefined, ['the', 'marketing']);
    const fixed = withoutStopWords(planned!, lexemes);
    expect(fixed.likely).toBe(alone.planned!.likely);
    expect(fixed.several).toBe(false);
    // Two words besides the stop word stay several, bound by the rarer.
    const three = await bothEstimates('the marketing agency');
    const { lexemes: threeLexemes } = await lookUpWords(db, 'tools', [], [], undefined, ['the', 'marketing', 'agency']);
    expect(withoutStopWords(three.planned!, threeLexemes).likely).toBe(three.computed!.likely);
  });

  it("estimates the title matches of live listings from the title index's statistics, which the planner ignores", async () => {
    const titled = Array.from({ length: 300 }, (_, n) => ({ title: n % 3 === 0 ? `Acme CRM suite ${n}` : `Acme mailer ${n}`, description: 'w1x' }));
    await db.execute(sql`insert into listings (type, slug, title, description, category_id, provider_id, status)
      values ${sql.join(
        titled.map(({ title, description }, n) => sql`('tools', ${`titled-${n}`}, ${title}, ${description}, ${category.id}, ${provider.id}, 'approved')`),
        sql`, `,
      )}`);
    await db.execute(sql`analyze listings`);
    const titles = async (search: string) => (await bothEstimates(search)).computed!.titles!;
    const counted = async (query: string) => {
      const result = await db.execute(sql`select count(*)::int as n from listings where type = 'tools' and status = 'approved' and to_tsvector('english', title) @@ to_tsquery('english', ${query})`);
      return Number((result as unknown as { rows: { n: number }[] }).rows[0]!.n);
    };
    // ANALYZE reads every row of so small a table: the shares are exact, the estimate too.
    expect(Math.abs((await titles('crm')) - (await counted('crm:*')))).toBeLessThanOrEqual(1);
    // Several words are taken as independent: "acme crm" is estimated low (every CRM title says
    // Acme), which makes a title slice wider rather than too narrow.
    expect(await titles('acme crm')).toBeLessThan(await counted('acme:* & crm:*'));
    expect(await titles('acme crm')).toBeGreaterThan(0);
    // Bound by the rarest word instead, they are estimated at least as many as there are.
    const atMost = (await bothEstimates('acme crm')).computed!.titlesAtMost!;
    expect(Math.abs(atMost - (await counted('crm:*')))).toBeLessThanOrEqual(1);
    expect(atMost).toBeGreaterThanOrEqual(await counted('acme:* & crm:*'));
    expect((await bothEstimates('crm')).computed!.titlesAtMost).toBeUndefined();
    // A word in no title is estimated at half the least common title lexeme's share, a handful.
    expect(await titles('podcast')).toBeLessThan(100);
    const statistics = await readSearchStatistics(db);
    expect(estimateFromStatistics(statistics!, { type: 'tools', status: 'rejected' }, [{ lexemes: ['crm'], prefix: true }])?.titles).toBeUndefined();
  });

  it('is undefined for a status the statistics do not know, so the search asks the planner', async () => {
    const statistics = await readSearchStatistics(db);
    expect(estimateFromStatistics(statistics!, { type: 'tools', status: 'pending' }, [{ lexemes: ['market'], prefix: true }])).toBeUndefined();
  });

  it('scales a word to its type by how the vocabulary divides its uses between the types', async () => {
    // 600 services say "hiring", which no tool says: a fifth of the table, every service.
    const services = await createCategory(db, { type: 'services' });
    await db.execute(sql`insert into listings (type, slug, title, description, category_id, provider_id, status)
      select 'services', 'hiring-' || n, '***', 'hiring', ${services.id}, ${provider.id}, 'approved' from generate_series(1, 600) as n`);
    await db.execute(sql`analyze listings`);
    const statistics = (await readSearchStatistics(db))!;
    const estimates = async (type: ListingType, search: string) => {
      const typed = parseSearch(search);
      const known = await lookUpWords(db, type, [], [], undefined, typed);
      const asTyped = correctWords(typed, []);
      const estimate = (words: QueriedWord[]) => estimateFromStatistics(statistics, { type, status: 'approved' }, words)!.matches;
      const byType = estimateFromStatistics(statistics, { type, status: 'approved' }, queriedWords(known.lexemes, asTyped, known.uses))!;
      return { uses: known.uses, byType: byType.matches, inTable: byType.inTable, asIfIndependent: estimate(queriedWords(known.lexemes, asTyped)) };
    };
    const tools = await estimates('tools', 'hiring');
    expect(tools.uses).toEqual([{ inType: 0, everywhere: 600 }]);
    // Taken as independent of the type, the word was spread over the tools as over the services.
    expect(tools.asIfIndependent).toBeGreaterThan(300);
    expect(tools.byType).toBe(1);
    // The full-text index holds both types: asked for the word, it gathers the services' 600.
    expect(Math.abs(tools.inTable! - 600)).toBeLessThanOrEqual(1);
    // Asked for the services next, the server answers from what it kept, each type its own uses.
    const forServices = await estimates('services', 'hiring');
    expect(forServices.uses).toEqual([{ inType: 600, everywhere: 600 }]);
    expect(forServices.asIfIndependent).toBeLessThan(300);
    expect(Math.abs(forServices.byType - 600)).toBeLessThanOrEqual(1);
    // A word only the tools use keeps its estimate among them.
    const podcast = await estimates('tools', 'podcast');
    expect(podcast.uses[0]!.inType).toBe(podcast.uses[0]!.everywhere);
    expect(podcast.byType).toBeGreaterThan(podcast.asIfIndependent);
  });

  it("estimates a misspelt word by its corrections' uses in the type, which the statistics know nothing of", async () => {
    const statistics = (await readSearchStatistics(db))!;
    const typed = parseSearch('hjring');
    const known = await lookUpWords(db, 'services', typed, [], typed[0], typed);
    const words = correctWords(typed, known.near, known.whole, known.complete);
    expect(words[0]!.corrections).toEqual(['hiring']);
    const asTyped = correctWords(typed, []);
    const estimate = (corrections?: Parameters<typeof queriedWords>[3]) =>
      estimateFromStatistics(statistics, { type: 'services', status: 'approved' }, queriedWords(known.lexemes, asTyped, known.uses, corrections))!.matches;
    // The 600 services that say "hiring" (the test before), where the misspelling alone is a handful.
    expect(estimate({ words, near: known.near })).toBe(600);
    expect(estimate()).toBeLessThan(50);
  });

  it("reads the few tools a filter keeps where the words' index entries are the other type's", async () => {
    // Three priced tools say "hiring", which 600 services say; every other tool has no price.
    await db.execute(sql`insert into listings (type, slug, title, description, category_id, provider_id, status, price)
      select 'tools', 'priced-hiring-' || n, '***', 'hiring', ${category.id}, ${provider.id}, 'approved', 50 from generate_series(1, 3) as n`);
    await db.execute(sql`analyze listings`);
    const search = () => findCataloguePage(db, 'tools', listingQuerySchema.parse({ search: 'hiring', minPrice: '1' }));
    const { result, statements } = await withSentStatements(db, search);
    // The read of every match tests the words on the kept rows (rowMatch), hidden from the full-text index.
    const [read] = statements.filter((text) => text.includes('as matches'));
    expect(read).toContain('coalesce("listings"."search_vector" @@');
    expect(result.rows.map((row) => row.listing.slug).sort()).toEqual(['priced-hiring-1', 'priced-hiring-2', 'priced-hiring-3']);
    expect(result.total).toBe(3);
  });
});
