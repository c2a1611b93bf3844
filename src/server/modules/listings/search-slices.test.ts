import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listingQuerySchema } from '../../../shared/schemas/listing-query';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createUser } from '../../../../test/factories';
import { findSearchPage } from './catalogue.queries';
import { catalogueWhere, categoryTree } from './listing-filters';
import type { SearchWord } from './listing-search';
import { pageOfCandidates } from './search-candidates.queries';
import { firstSlices, likelyMatches, type MatchEstimate, readsKeptRows, readsMatchesOnce, readsTermsOnce, sliceAfterWalk, type Slices, testsTitleSlice, titleWalkAfter, titleWalkLength, walkLength, walksCategories, walksCategoryTitles, widenSlice, wordsThroughIndex } from './search-slices';
import { findCreationSpan } from './search-slices.queries';
import { listings } from '../../../db/schema/listings';
import { estimateMatches } from '../../../../test/planner-estimate';
import { withSentStatements } from '../../../../test/sent-statements';

// The newest-slice search (docs/decisions/search.md, "The newest slice is read first") with a window of 5, so
// a few dozen listings exercise what 1,000,000 do with the real window of 1,000. Every sliced
// answer is compared with the same search reading the whole catalogue at once, and with the
// order expected by hand.

const { app, db } = await createTestApp();
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'tools' });
const filters = catalogueWhere('tools', listingQuerySchema.parse({}));
const WINDOW = 5;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);

type Row = { slug: string; title: string; description: string; featured?: boolean; created: Date; categoryId?: number; price?: string };
async function insert(rows: Row[]) {
  for (const row of rows) {
    await db.execute(sql`
      insert into listings (type, slug, title, description, category_id, provider_id, status, is_featured, created_at, price)
      values ('tools', ${row.slug}, ${row.title}, ${row.description}, ${row.categoryId ?? category.id}, ${provider.id}, 'approved',
        ${row.featured ?? false}, ${row.created.toISOString()}::timestamptz, ${row.price ?? null})`);
  }
}

// Days 0-99 hold filler listings, so the catalogue's span is 100 days whatever the word.
await insert(Array.from({ length: 100 }, (_, n) => ({ slug: `filler-${n}`, title: `Filler ${n}`, description: 'Nothing to find.', created: day(n) })));
const creation = (await findCreationSpan(db, 'tools', 'approved'))!;
/**
 * The creation span with the planner's estimate of the words: what sizes a search's reads in these
 * tests (the server's own estimate is checked against the planner's in search-statistics.test.ts).
 */
const planned = async (typed: SearchWord[]) => ({ ...creation, estimate: await estimateMatches(db, filters, typed) });

const word = (typed: string): SearchWord[] => [{ typed, corrections: [] }];
const slugs = async (ids: number[]) => {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`select id, slug from listings where id = any(${`{${ids.join(',')}}`}::int[])`);
  const byId = new Map((result as unknown as { rows: { id: number; slug: string }[] }).rows.map((row) => [Number(row.id), row.slug]));
  return ids.map((id) => byId.get(id));
};

/** A page searched with the given first slices, the slices each statement read, and its slugs. */
async function sliced(typed: string, first: Slices, page = { offset: 0, limit: 50 }) {
  const slices: { matchesFrom?: Date; titlesFrom?: Date }[] = [];
  const found = await findSearchPage(db, filters, word(typed), page, await planned(word(typed)), { window: WINDOW, firstSlices: first, onSlice: (slice) => slices.push(slice) });
  return { ...found, slices, slugs: await slugs(found.rows.map((row) => row.listing.id)) };
}

/**
 * The same page read from the whole catalogue in one pass: the matches and the title matches read
 * apart (side by side), or, with `readOnce`, both picked from one read of every match.
 */
async function whole(typed: string, page = { offset: 0, limit: 50 }, readOnce = false) {
  const slices: unknown[] = [];
  const found = await findSearchPage(db, filters, word(typed), page, undefined, { window: WINDOW, readOnce, onSlice: (slice) => slices.push(slice) });
  expect(slices).toEqual([{ matchesFrom: undefined, titlesFrom: undefined }]);
  return { ...found, slugs: await slugs(found.rows.map((row) => row.listing.id)) };
}

const from = (n: number) => ({ matchesFrom: day(n).getTime(), titlesFrom: day(n).getTime() });

describe('newest slice first', () => {
  it('keeps old featured matches and an old title match first, ahead of the newest matches', async () => {
    await insert([
      { slug: 'alder-featured-old', title: 'Old featured', description: 'Mentions aldergrove.', featured: true, created: day(1) },
      { slug: 'alder-title-old', title: 'Aldergrove Studio', description: 'The one title match.', created: day(2) },
      ...Array.from({ length: 12 }, (_, n) => ({ slug: `alder-new-${n}`, title: `New ${n}`, description: 'Mentions aldergrove.', created: day(95 + n / 3) })),
    ]);
    const expected = ['alder-title-old', 'alder-featured-old', 'alder-new-11', 'alder-new-10', 'alder-new-9', 'alder-new-8'];
    const reference = await whole('aldergrove');
    expect(reference.slugs).toEqual(expected);
    expect(reference).toMatchObject({ total: WINDOW, totalExact: false });

    // The newest 5 days hold enough matches but no title match: the title slice widens, the
    // matches' slice stays, and the answer is the whole catalogue's.
    const answer = await sliced('aldergrove', from(95));
    expect(answer.slugs).toEqual(expected);
    expect(answer).toMatchObject({ total: WINDOW, totalExact: false });
    expect(answer.slices.length).toBeGreaterThan(1);
    expect(answer.slices[0]).toEqual({ matchesFrom: day(95), titlesFrom: day(95) });
    expect(answer.slices.every((slice) => slice.matchesFrom?.getTime() === day(95).getTime())).toBe(true);
    // No title match in the slice to scale from: the title matches were read from the whole catalogue.
    expect(answer.slices.at(-1)).toEqual({ matchesFrom: day(95), titlesFrom: undefined });
  });

  it('gives the exact total of a word with fewer matches than the window, however narrow the first slice', async () => {
    await insert([
      { slug: 'birch-1', title: 'One', description: 'Mentions birchwood.', created: day(10) },
      { slug: 'birch-2', title: 'Two', description: 'Mentions birchwood.', created: day(50) },
      { slug: 'birch-3', title: 'Three', description: 'Mentions birchwood.', created: day(99) },
    ]);
    const answer = await sliced('birchwood', from(98));
    expect(answer.slugs).toEqual(['birch-3', 'birch-2', 'birch-1']);
    expect(answer).toMatchObject({ total: 3, totalExact: true });
    // A slice too narrow is never the last word: the whole catalogue settled it.
    expect(answer.slices.at(-1)).toEqual({ matchesFrom: undefined, titlesFrom: undefined });
    expect(answer.slugs).toEqual((await whole('birchwood')).slugs);
  });

  it('finds a word whose matches are all older than the newest slice', async () => {
    await insert(Array.from({ length: 8 }, (_, n) => ({ slug: `cedar-${n}`, title: `Cedar ${n}`, description: 'Old only.', created: day(n * 3) })));
    const answer = await sliced('cedar', from(80));
    expect(answer.slices[0]).toEqual({ matchesFrom: day(80), titlesFrom: day(80) });
    expect(answer.slices.at(-1)).toEqual({ matchesFrom: undefined, titlesFrom: undefined });
    // Every one is a title match: the 5 newest matches and the 5 newest title matches are the same.
    expect(answer.slugs).toEqual(['cedar-7', 'cedar-6', 'cedar-5', 'cedar-4', 'cedar-3']);
    expect(answer).toMatchObject({ total: WINDOW, totalExact: false });
    expect(answer.slugs).toEqual((await whole('cedar')).slugs);
  });

  it('pages across the slice boundary exactly as the whole catalogue does: no overlap, no gap', async () => {
    // 9 description matches spread over the span, 3 of them titles too; the window's candidates
    // are the 5 newest matches and the 5 newest title matches.
    await insert(
      Array.from({ length: 9 }, (_, n) => ({
        slug: `dune-${n}`,
        title: n % 3 === 0 ? `Dunemoor ${n}` : `Plain ${n}`,
        description: 'Mentions dunemoor.',
        featured: n === 4,
        created: day(10 + n * 10),
      })),
    );
    const all = await whole('dunemoor');
    // Title matches first (newest first), then the rest by featured, then newest.
    expect(all.slugs).toEqual(['dune-6', 'dune-3', 'dune-0', 'dune-4', 'dune-8', 'dune-7', 'dune-5']);
    for (const start of [95, 80, 60, 30]) {
      const pages: (string | undefined)[] = [];
      for (let offset = 0; offset < all.slugs.length + 2; offset += 2) {
        const page = await sliced('dunemoor', from(start), { offset, limit: 2 });
        expect(page.slugs).toEqual((await whole('dunemoor', { offset, limit: 2 })).slugs);
        expect(page).toMatchObject({ total: WINDOW, totalExact: false });
        pages.push(...page.slugs);
      }
      expect(pages).toEqual(all.slugs);
    }
    // Reading every match once, the title matches picked among them, pages the same way.
    for (let offset = 0; offset < all.slugs.length + 2; offset += 2) {
      const page = await whole('dunemoor', { offset, limit: 2 }, true);
      expect(page.slugs).toEqual((await whole('dunemoor', { offset, limit: 2 })).slugs);
      expect(page).toMatchObject({ total: WINDOW, totalExact: false });
    }
  });

  it('holds fewer title matches than matches when the title window is smaller: the newest ones, first', async () => {
    await insert([
      ...[10, 20, 30].map((n) => ({ slug: `fir-title-${n}`, title: `Firwood ${n}`, description: 'A title match.', created: day(n) })),
      ...[60, 70, 80, 90, 99].map((n) => ({ slug: `fir-${n}`, title: `Plain ${n}`, description: 'Mentions firwood.', created: day(n) })),
    ]);
    const limits = { window: WINDOW, titleWindow: 2 };
    const expected = ['fir-title-30', 'fir-title-20', 'fir-99', 'fir-90', 'fir-80', 'fir-70', 'fir-60'];
    const reference = await findSearchPage(db, filters, word('firwood'), { offset: 0, limit: 50 }, undefined, limits);
    expect(await slugs(reference.rows.map((row) => row.listing.id))).toEqual(expected);
    expect(reference).toMatchObject({ total: WINDOW, totalExact: false });
    // The same from slices, from one read of every match, and page by page.
    const fromSlices = await findSearchPage(db, filters, word('firwood'), { offset: 0, limit: 50 }, await planned(word('firwood')), { ...limits, firstSlices: from(95) });
    expect(await slugs(fromSlices.rows.map((row) => row.listing.id))).toEqual(expected);
    const once = await findSearchPage(db, filters, word('firwood'), { offset: 2, limit: 3 }, undefined, { ...limits, readOnce: true });
    expect(await slugs(once.rows.map((row) => row.listing.id))).toEqual(expected.slice(2, 5));
  });

  it('widens a shared slice that held too few title matches enough for them too, in one more statement', async () => {
    await insert([
      ...Array.from({ length: 25 }, (_, n) => ({ slug: `gorse-${n}`, title: `Plain ${n}`, description: 'Mentions gorsedale.', created: day(50 + n * 2) })),
      ...[97, 92, 90, 88].map((n) => ({ slug: `gorse-title-${n}`, title: `Gorsedale ${n}`, description: 'A title match.', created: day(n) })),
    ]);
    const limits = { window: WINDOW, titleWindow: 4 };
    const page = { offset: 0, limit: 50 };
    const reference = await findSearchPage(db, filters, word('gorsedale'), page, undefined, limits);
    const statements: { matchesFrom?: Date; titlesFrom?: Date }[] = [];
    // (Not read whole, as the 3 matches the first slice found would have it: the widening is the subject.)
    const answer = await findSearchPage(db, filters, word('gorsedale'), page, await planned(word('gorsedale')), {
      ...limits,
      readOnce: false,
      firstSlices: from(96),
      onSlice: (slice) => statements.push(slice),
    });
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(await slugs(reference.rows.map((row) => row.listing.id)));
    // From day 96: 3 matches and 1 title match. Widened for the matches alone (2.5 times), the
    // slice would start after day 90 and miss two title matches, costing a third statement;
    // widened for the title matches (5 times), it holds all four.
    expect(statements).toHaveLength(2);
    expect(statements[0]).toEqual({ matchesFrom: day(96), titlesFrom: day(96) });
    expect(statements[1]!.matchesFrom).toEqual(statements[1]!.titlesFrom);
    expect(statements[1]!.matchesFrom!.getTime()).toBeLessThanOrEqual(day(88).getTime());
  });

  it('widens a slice that found the words fewer than the estimate bounded them at, where a wider one pays, rather than reading every match', async () => {
    // Nine before day 90, three after.
    await insert(Array.from({ length: 12 }, (_, n) => ({ slug: `heath-${n}`, title: n % 4 === 0 ? `Heathrow ${n}` : `Plain ${n}`, description: 'Mentions heathrow.', created: day(n < 9 ? 5 + n * 9 : 92 + (n - 9) * 2) })));
    const page = { offset: 0, limit: 50 };
    const reference = await findSearchPage(db, filters, word('heathrow'), page, undefined, { window: WINDOW });
    // Bounded at 150 matches (several words are bounded by their rarest), which the first slice,
    // a tenth of the span, would hold 15 of: it holds 3, so the catalogue holds about 30, few
    // enough to read at once (readsMatchesOnce: at most 38). A slice 2.5 times as wide pays
    // (widenSlice) and reads a share of them: it comes first.
    const estimate = { listings: 300, matches: 150, likely: 150, table: 300, several: true };
    const slices: { matchesFrom?: Date; titlesFrom?: Date }[] = [];
    const answer = await findSearchPage(db, filters, word('heathrow'), page, { ...creation, estimate }, { window: WINDOW, firstSlices: from(90), onSlice: (slice) => slices.push(slice) });
    expect(slices[0]).toEqual({ matchesFrom: day(90), titlesFrom: day(90) });
    expect(slices[1]!.matchesFrom!.getTime()).toBe(widenSlice({ ...creation, table: estimate.table }, day(90).getTime(), 3, WINDOW + 1));
    expect(answer.rows.map((row) => row.listing.id)).toEqual(reference.rows.map((row) => row.listing.id));
    expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
  });

  it('reads every match at once after a slice that found the words few, where no wider slice pays', async () => {
    // Eleven before day 80, one after.
    await insert(Array.from({ length: 12 }, (_, n) => ({ slug: `gatwick-${n}`, title: n % 4 === 0 ? `Gatwick ${n}` : `Plain ${n}`, description: 'Mentions gatwick.', created: day(n < 11 ? 3 + n * 7 : 95) })));
    const page = { offset: 0, limit: 50 };
    const reference = await findSearchPage(db, filters, word('gatwick'), page, undefined, { window: WINDOW });
    // The first slice, a fifth of the span, holds 1 of the 6 matches needed: a wider slice would
    // hold more than half the span (widenSlice gives up), and the catalogue holds about 5
    // matches, few enough to read at once.
    const estimate = { listings: 300, matches: 150, likely: 150, table: 300, several: true };
    expect(widenSlice({ ...creation, table: estimate.table }, day(80).getTime(), 1, WINDOW + 1)).toBeUndefined();
    const slices: { matchesFrom?: Date; titlesFrom?: Date }[] = [];
    const { result: answer, statements } = await withSentStatements(db, () =>
      findSearchPage(db, filters, word('gatwick'), page, { ...creation, estimate }, { window: WINDOW, firstSlices: from(80), onSlice: (slice) => slices.push(slice) }),
    );
    expect(slices).toEqual([{ matchesFrom: day(80), titlesFrom: day(80) }, { matchesFrom: undefined, titlesFrom: undefined }]);
    // The second statement picks the title matches from its one read of every match.
    expect(statements.filter((text) => text.includes('as matches')).at(-1)).toContain('from found where title');
    expect(answer.rows.map((row) => row.listing.id)).toEqual(reference.rows.map((row) => row.listing.id));
    expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
  });

  it("tests a title slice's listings one by one when the title index would gather many more titles, with the same answer", async () => {
    await insert([
      ...Array.from({ length: 10 }, (_, n) => ({ slug: `hazel-${n}`, title: `Plain ${n}`, description: 'Mentions hazelmere.', created: day(50 + n * 4) })),
      ...[97, 93, 40].map((n) => ({ slug: `hazel-title-${n}`, title: `Hazelmere ${n}`, description: 'A title match.', created: day(n) })),
    ]);
    const page = { offset: 0, limit: 50 };
    const reference = await findSearchPage(db, filters, word('hazelmere'), page, undefined, { window: WINDOW });
    // As a short prefix's estimate would have it: far more title matches than the slice's listings.
    const estimate = { listings: 200, matches: 100, likely: 100, table: 300, titles: 1_000 };
    expect(testsTitleSlice(creation, day(90).getTime(), estimate)).toBe(true);
    const { result: answer, statements } = await withSentStatements(db, () =>
      findSearchPage(db, filters, word('hazelmere'), page, { ...creation, estimate }, { window: WINDOW, firstSlices: { titlesFrom: day(90).getTime() } }),
    );
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(await slugs(reference.rows.map((row) => row.listing.id)));
    expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
    expect(statements.some((text) => text.includes(') is true'))).toBe(true);
  });

  it('reads a word few in its type in one statement, its title matches among its matches, whatever the planner thinks of the word', async () => {
    await insert([
      ...[20, 60, 95].map((n) => ({ slug: `quince-${n}`, title: `Plain ${n}`, description: 'Mentions quincewood.', created: day(n) })),
      { slug: 'quince-title', title: 'Quincewood', description: 'A title match.', created: day(30) },
    ]);
    const page = { offset: 0, limit: 50 };
    // As a word common in the other type and rare in this one is estimated for this type: a
    // handful of matches, but a title estimate (from the title statistics' least share) that
    // would slice the title matches apart.
    const estimate = { listings: 200, matches: 4, likely: 4, table: 300, titles: 1_000 };
    expect(readsMatchesOnce(estimate, WINDOW)).toBe(true);
    expect(firstSlices(estimate, { ...creation, table: 300 }, WINDOW)).toMatchObject({ matchesFrom: undefined, titlesFrom: expect.any(Number) });
    const slices: unknown[] = [];
    const { result: answer, statements } = await withSentStatements(db, () =>
      findSearchPage(db, filters, word('quincewood'), page, { ...creation, estimate }, { window: WINDOW, fewWords: true, onSlice: (slice) => slices.push(slice) }),
    );
    expect(slices).toEqual([{ matchesFrom: undefined, titlesFrom: undefined }]);
    const reads = statements.filter((text) => text.includes('as matches') || text.includes('as titles'));
    expect(reads).toHaveLength(1);
    // The words' query is a value the planner cannot estimate: it reads them through the full-text index.
    expect(reads[0]).toMatch(/@@ \(select to_tsquery/);
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(['quince-title', 'quince-95', 'quince-60', 'quince-20']);
    expect(answer).toMatchObject({ total: 4, totalExact: true });
  });

  it('asks the full-text index for the rarest word only, testing the others on its rows, with the same answer', async () => {
    await insert([
      ...[25, 55, 85].map((n) => ({ slug: `sorrel-${n}`, title: `Sorrel ${n}`, description: 'Sorrel and yarrowby.', created: day(n) })),
      ...[35, 65].map((n) => ({ slug: `yarrow-${n}`, title: `Plain ${n}`, description: 'Yarrowby alone.', created: day(n) })),
      ...[45, 75].map((n) => ({ slug: `sorrel-only-${n}`, title: `Other ${n}`, description: 'Sorrel alone.', created: day(n) })),
    ]);
    const typed: SearchWord[] = [{ typed: 'yarrowby', corrections: [], whole: true }, { typed: 'sorrel', corrections: [] }];
    const page = { offset: 0, limit: 50 };
    for (const readOnce of [true, false]) {
      const reference = await findSearchPage(db, filters, typed, page, undefined, { window: WINDOW, readOnce });
      const { result: answer, statements } = await withSentStatements(db, () =>
        findSearchPage(db, filters, typed, page, undefined, { window: WINDOW, readOnce, indexed: [typed[0]!] }),
      );
      // The index is asked for "yarrowby" alone; both words are tested on the rows it finds, and
      // ranked, with the query computed once per statement, not parsed again for each row.
      const reads = statements.filter((text) => text.includes('as matches'));
      expect(reads[0]).toMatch(/coalesce\("listings"."search_vector" @@ \(select to_tsquery/);
      expect(reads[0]).toMatch(/ts_rank\("listings"."search_vector", \(select to_tsquery/);
      expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(['sorrel-85', 'sorrel-55', 'sorrel-25']);
      expect(answer.rows.map((row) => row.listing.id)).toEqual(reference.rows.map((row) => row.listing.id));
      expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
    }
  });

  it('answers from the first slice alone when it holds the window of matches and of title matches', async () => {
    await insert(Array.from({ length: 10 }, (_, n) => ({ slug: `elm-${n}`, title: `Elmstead ${n}`, description: 'Title match.', created: day(91 + n * 0.8) })));
    const answer = await sliced('elmstead', from(90));
    expect(answer.slices).toEqual([{ matchesFrom: day(90), titlesFrom: day(90) }]);
    expect(answer.slugs).toEqual(['elm-9', 'elm-8', 'elm-7', 'elm-6', 'elm-5']);
    expect(answer.slugs).toEqual((await whole('elmstead')).slugs);
  });
});

describe('a walk of the newest listings first', () => {
  const words = (...typed: string[]): SearchWord[] => typed.map((one) => ({ typed: one, corrections: [] }));

  /** A search of several words, walking `walk` listings first, against the whole catalogue read in one pass. */
  async function walked(typed: SearchWord[], walk: number, page = { offset: 0, limit: 50 }) {
    const found: number[] = [];
    const statements: unknown[] = [];
    const walkedListings: number[] = [];
    const answer = await findSearchPage(db, filters, typed, page, await planned(typed), {
      window: WINDOW,
      walk,
      onWalk: (matches, listings) => {
        found.push(matches);
        walkedListings.push(listings);
      },
      onSlice: (slice) => statements.push(slice),
    });
    const reference = await findSearchPage(db, filters, typed, page, undefined, { window: WINDOW });
    return {
      answer,
      slugs: await slugs(answer.rows.map((row) => row.listing.id)),
      found,
      walked: walkedListings,
      statements,
      reference: await slugs(reference.rows.map((row) => row.listing.id)),
    };
  }

  it('answers from the walk when the newest listings hold the window, old title and featured matches first', async () => {
    await insert([
      { slug: 'larch-title-old', title: 'Larch Moss Works', description: 'Both words, in the title.', created: day(3) },
      { slug: 'larch-featured-old', title: 'Old featured', description: 'Larch and moss.', featured: true, created: day(4) },
      ...Array.from({ length: 10 }, (_, n) => ({ slug: `larch-new-${n}`, title: `New ${n}`, description: n % 4 === 3 ? 'Larch only.' : 'Larch and moss.', created: day(96 + n / 4) })),
    ]);
    const result = await walked(words('larch', 'moss'), 60);
    // The featured match comes first in the walk's order; the title match, older than the walk,
    // comes from the title matches read beside it, and ranks first.
    expect(result.slugs).toEqual(['larch-title-old', 'larch-featured-old', 'larch-new-9', 'larch-new-8', 'larch-new-6', 'larch-new-5']);
    expect(result.slugs).toEqual(result.reference);
    expect(result.answer).toMatchObject({ total: WINDOW, totalExact: false });
    expect(result.found).toEqual([WINDOW + 1]);
    // Nothing but the walk and the title matches beside it: no slice was read.
    expect(result.statements).toEqual([]);
    // Every page of it, as the whole catalogue pages it.
    for (const offset of [1, 3, 5]) {
      const paged = await walked(words('larch', 'moss'), 60, { offset, limit: 2 });
      expect([offset, paged.slugs]).toEqual([offset, paged.reference]);
    }
  });

  /**
   * A one-word search walked by index, as under programme terms (title window 2), and the whole
   * catalogue read for the same word, with the statements the walked search sent; each answer's
   * slugs and totals are compared here.
   */
  async function walkedByIndex(typed: string, estimate?: MatchEstimate, walkInOrder?: SQL, titleWalk?: number, typeTitles?: number, walkRows?: SQL) {
    const page = { offset: 0, limit: 50 };
    const limits = { window: WINDOW, titleWindow: 2 };
    const reference = await findSearchPage(db, filters, word(typed), page, undefined, limits);
    const { result: answer, statements } = await withSentStatements(db, () =>
      findSearchPage(db, filters, word(typed), page, estimate && { ...creation, estimate }, { ...limits, walk: 20, walkTerms: true, walkRows, walkInOrder, titleWalk, typeTitles }),
    );
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(await slugs(reference.rows.map((row) => row.listing.id)));
    expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
    return statements;
  }

  it('walks by index for programme terms and answers the title matches from the walk when they fill the title window', async () => {
    await insert([
      { slug: 'birch-title-old', title: 'Birch Works', description: 'Birch, an old title match.', created: day(2) },
      ...Array.from({ length: 10 }, (_, n) => ({
        slug: `birch-new-${n}`,
        title: n % 3 === 0 ? `Birch ${n}` : `New ${n}`,
        description: n % 4 === 3 ? 'Nothing here.' : 'Birch inside.',
        created: day(900 + n / 4),
      })),
    ]);
    const statements = await walkedByIndex('birch');
    // One statement: the walk, by the walked listings' ids, with its own title matches.
    const reads = statements.filter((text) => text.includes('as matches') || text.includes('as titles'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toContain('walked_id');
    expect(reads[0]).toContain('as titles');
  });

  it('walks by index by the filters in the order’s form when given, with the same answer', async () => {
    // The same listings as above, their filters written another way: only the walk reads them.
    const statements = await walkedByIndex('birch', undefined, sql`${filters} and ${listings.id} > 0`);
    const walks = statements.filter((text) => text.includes('walked_id'));
    expect(walks).toHaveLength(1);
    expect(walks[0]).toContain('"listings"."id" > ');
  });

  it('walks whole rows where the index tests every term, with the same answer and its own title matches', async () => {
    // The same listings as above. The order's form is for a walk of ids: whole rows are walked by
    // their own form of the filters.
    const statements = await walkedByIndex('birch', undefined, sql`${filters} and ${listings.id} > 0`, undefined, undefined, sql`${filters} and ${listings.id} > -1`);
    const reads = statements.filter((text) => text.includes('as matches') || text.includes('as titles'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).not.toContain('walked_id');
    expect(reads[0]).not.toContain('"listings"."id" > 0');
    expect(reads[0]).toContain('as titles');
    expect(reads[0]).toContain('"listings"."id" > -1');
  });

  it('reads the title matches beside a walk by index when they are estimated fewer than the title window', async () => {
    // The same listings as above: the walk's own title matches would fill the window of 2, but
    // the estimate says the whole list holds 1, so they are read beside it, whatever it finds.
    const estimate = { listings: 1_000, matches: 500, likely: 500, table: 1_000, titles: 1 };
    const statements = await walkedByIndex('birch', estimate);
    const titleReads = statements.filter((text) => text.includes('as titles'));
    expect(titleReads).toHaveLength(2);
    expect(titleReads.filter((text) => !text.includes('walked_id'))).toHaveLength(1);
  });

  it('reads the title matches beside a walk by index when the window is estimated to hold fewer than the title window', async () => {
    // The list holds more title matches than the window of 2 (10), but one match in fifty is one:
    // the walk's window of 6 matches would most likely hold none of them.
    const estimate = { listings: 1_000, matches: 500, likely: 500, table: 1_000, titles: 10 };
    const statements = await walkedByIndex('birch', estimate);
    const titleReads = statements.filter((text) => text.includes('as titles'));
    expect(titleReads.filter((text) => !text.includes('walked_id'))).toHaveLength(1);
    // Where one match in two is a title match, the walk's own are taken.
    const common = await walkedByIndex('birch', { ...estimate, titles: 250 });
    expect(common.filter((text) => text.includes('as titles') && !text.includes('walked_id'))).toHaveLength(0);
  });

  it('reads the title matches apart after a walk by index whose matches hold too few of them', async () => {
    await insert([
      { slug: 'cedar-title-old', title: 'Cedar Works', description: 'Cedar, an old title match.', created: day(2) },
      ...Array.from({ length: 10 }, (_, n) => ({ slug: `cedar-new-${n}`, title: `New ${n}`, description: 'Cedar inside.', created: day(950 + n / 4) })),
    ]);
    const statements = await walkedByIndex('cedar');
    // The walk's statement, then the title matches read through the title index.
    const titleReads = statements.filter((text) => text.includes('as titles'));
    expect(titleReads).toHaveLength(2);
    expect(titleReads[1]).not.toContain('walked_id');
    // Each row's own title weight is tested before its title is parsed, whatever plan is chosen.
    expect(titleReads[1]).toContain(`coalesce("listings"."search_vector" @@ (select to_tsquery('english', `);
  });

  it('walks for the title matches apart when the walk by index holds too few, and reads none through the title index once it holds the title window', async () => {
    // The newest listings: eight matches, none in a title, then two title matches.
    await insert([
      ...[1190, 1191].map((n) => ({ slug: `rowan-title-${n}`, title: 'Rowan Works', description: 'A title match.', created: day(n) })),
      ...Array.from({ length: 8 }, (_, n) => ({ slug: `rowan-new-${n}`, title: `New ${n}`, description: 'Rowan inside.', created: day(1200 + n / 4) })),
    ]);
    // The walk stops at the window's 6 matches, none a title match; a walk of 30 listings holds both.
    const statements = await walkedByIndex('rowan', undefined, undefined, 30);
    const titleReads = statements.filter((text) => text.includes('as titles'));
    expect(titleReads).toHaveLength(2);
    expect(titleReads.every((text) => text.includes('walked_id'))).toBe(true);
    // A title walk too short for the title window says nothing of older ones: the title index then.
    const short = await walkedByIndex('rowan', undefined, undefined, 3);
    expect(short.filter((text) => text.includes('as titles') && !text.includes('walked_id'))).toHaveLength(1);
  });

  it('walks on from where a title walk that fell short stopped, as far as what it found says, without the title index', async () => {
    // The newest twelve listings all match; the third and the tenth are title matches.
    await insert(
      Array.from({ length: 12 }, (_, n) => ({ slug: `larix-${n}`, title: n === 2 || n === 9 ? 'Larix Works' : `New ${n}`, description: 'Larix inside.', created: day(1300 - n) })),
    );
    // The walk's 6 matches hold one title match, and so does a title walk of 8 listings (the
    // featured ones of the tests above first): one in eight calls for 10 more listings (with the
    // margin), which hold the tenth.
    const statements = await walkedByIndex('larix', undefined, undefined, 8, 1_000);
    const titleReads = statements.filter((text) => text.includes('as titles'));
    expect(titleReads).toHaveLength(3);
    expect(titleReads.every((text) => text.includes('walked_id'))).toBe(true);
    expect(titleReads[2]).toContain('offset');
    // Where the type's title matches are fewer than walking on would pass, the title index.
    const fewInType = await walkedByIndex('larix', undefined, undefined, 8, 5);
    expect(fewInType.filter((text) => text.includes('as titles') && !text.includes('walked_id'))).toHaveLength(1);
  });

  it('falls back to the slices when the walk finds fewer than the window, with the same answer', async () => {
    await insert([
      ...Array.from({ length: 2 }, (_, n) => ({ slug: `spruce-old-${n}`, title: `Old ${n}`, description: 'Spruce and fern.', created: day(20 + n) })),
      ...Array.from({ length: 2 }, (_, n) => ({ slug: `spruce-new-${n}`, title: `New ${n}`, description: 'Spruce and fern.', created: day(97 + n / 2) })),
    ]);
    const result = await walked(words('spruce', 'fern'), 6);
    expect(result.found[0]).toBeLessThanOrEqual(WINDOW);
    expect(result.statements.length).toBeGreaterThan(0);
    expect(result.slugs).toEqual(['spruce-new-1', 'spruce-new-0', 'spruce-old-1', 'spruce-old-0']);
    expect(result.slugs).toEqual(result.reference);
    expect(result.answer).toMatchObject({ total: 4, totalExact: true });
  });

  // Twelve featured listings, a day apart, the newest of the catalogue from day `newest`: a walk of
  // twelve passes them in this order. `matching`: the positions (0: the first walked) with both words.
  const walkedFirst = (name: string, newest: number, matching: number[]) =>
    insert(
      Array.from({ length: 12 }, (_, n) => ({
        slug: `walked-${name}-${n}`,
        title: `Walked ${n}`,
        description: matching.includes(n) ? `${name} and medlar.` : `${name} alone.`,
        featured: true,
        created: day(newest - n),
      })),
    );

  it('goes on into the second half of the walk when the first holds more than half the window', async () => {
    // 3 matches in the first 6 (more than half of 5), 3 more in the next 6: the window is full.
    await walkedFirst('hawthorn', 300, [0, 2, 4, 6, 8, 10]);
    const result = await walked(words('hawthorn', 'medlar'), 12);
    expect(result.found).toEqual([WINDOW + 1]);
    expect(result.walked).toEqual([12]);
    expect(result.statements).toEqual([]);
    expect(result.slugs).toEqual([0, 2, 4, 6, 8, 10].map((n) => `walked-hawthorn-${n}`).slice(0, WINDOW));
    expect(result.slugs).toEqual(result.reference);
    expect(result.answer).toMatchObject({ total: WINDOW, totalExact: false });
  });

  it('stops after the first half of the walk when it holds at most half the window, and reads the slices', async () => {
    // 2 matches in the first 6: at that pace the whole walk would fall short, so it stops there,
    // though the second half would have held the window.
    await walkedFirst('quince', 400, [1, 4, 6, 7, 8, 9, 10, 11]);
    const result = await walked(words('quince', 'medlar'), 12);
    expect(result.found).toEqual([2]);
    expect(result.walked).toEqual([6]);
    expect(result.statements.length).toBeGreaterThan(0);
    expect(result.slugs).toEqual(result.reference);
    expect(result.answer).toMatchObject({ total: WINDOW, totalExact: false });
  });

  it('reads every match at once after a walk that found them rare, though the estimate bounded them high', async () => {
    // 2 matches in the first 6 walked: few enough in the whole catalogue to be read in one pass,
    // from the words' index entries, the title matches picked on the way; an estimate of the
    // rarest word (1,500) would have left PostgreSQL walking on for the window.
    await walkedFirst('alder', 500, [1, 4]);
    await insert(Array.from({ length: 3 }, (_, n) => ({ slug: `alder-old-${n}`, title: n === 0 ? 'Alder Medlar' : `Old ${n}`, description: 'Alder and medlar.', created: day(30 + n) })));
    const estimate = { matches: 1_000, likely: 1_500, listings: 40, table: 100_000, several: true, each: [1_000, 2_000] };
    expect(readsMatchesOnce(estimate, WINDOW)).toBe(false);
    let found: number | undefined;
    const { result: answer, statements } = await withSentStatements(db, () =>
      findSearchPage(db, filters, words('alder', 'medlar'), { offset: 0, limit: 50 }, { ...creation, estimate }, { window: WINDOW, walk: 12, onWalk: (matches) => (found = matches) }),
    );
    expect(found).toBe(2);
    const reads = statements.filter((text) => text.includes('as matches'));
    // The walk's half, then one read of every match that picks the title matches as it goes.
    expect(reads).toHaveLength(2);
    expect(reads[1]).toContain('where title');
    const reference = await findSearchPage(db, filters, words('alder', 'medlar'), { offset: 0, limit: 50 }, undefined, { window: WINDOW });
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(await slugs(reference.rows.map((row) => row.listing.id)));
    expect(answer).toMatchObject({ total: reference.total, totalExact: reference.totalExact });
  });

  it('reads the whole catalogue in one statement after a walk that found none, whatever the estimate said', async () => {
    await insert(Array.from({ length: 3 }, (_, n) => ({ slug: `rowan-old-${n}`, title: `Old ${n}`, description: 'Rowan and sloe.', created: day(10 + n) })));
    const statements: { matchesFrom?: Date }[] = [];
    let found: number | undefined;
    const answer = await findSearchPage(db, filters, words('rowan', 'sloe'), { offset: 0, limit: 50 }, await planned(words('rowan', 'sloe')), {
      window: WINDOW,
      walk: 6,
      // As an estimate of the words' rarest would have it: a narrow slice of the newest listings.
      firstSlices: { matchesFrom: day(99).getTime(), titlesFrom: day(99).getTime() },
      onWalk: (matches) => (found = matches),
      onSlice: (slice) => statements.push(slice),
    });
    expect(found).toBe(0);
    expect(statements).toEqual([{ matchesFrom: undefined, titlesFrom: undefined }]);
    expect(await slugs(answer.rows.map((row) => row.listing.id))).toEqual(['rowan-old-2', 'rowan-old-1', 'rowan-old-0']);
    expect(answer).toMatchObject({ total: 3, totalExact: true });
  });

  it('walks for several words whose rarest is common, or a common word under programme terms, as far as the window needs at one match in ten', () => {
    const several = (rarest: number, listings: number) => ({ matches: rarest / 4, likely: likelyMatches(rarest / 4, [rarest, rarest * 2]), listings, table: 100_000, several: true });
    // "crm software" in 44,000 tools: "crm" in 11,800.
    expect(walkLength(several(11_800, 44_000), 500)).toBe(5_010);
    // "social media scheduling": "scheduling" in 1,305 of 44,000: no walk, the usual read.
    expect(walkLength(several(1_305, 44_000), 500)).toBeUndefined();
    // One word: a common one is walked by PostgreSQL itself (firstSlices)...
    const oneWord = (matches: number, listings: number) => ({ matches, likely: likelyMatches(matches, []), listings, table: 100_000 });
    expect(walkLength(oneWord(20_000, 44_000), 500)).toBeUndefined();
    // ...but by the search under programme terms PostgreSQL misjudges: "marketing" in 24,704 of 55,000 services.
    expect(walkLength(oneWord(24_704, 55_000), 500, true)).toBe(5_010);
    expect(walkLength(oneWord(2_000, 55_000), 500, true)).toBeUndefined();
    expect(walkLength(undefined, 500)).toBeUndefined();
  });
});

// A parent with two subcategories, and a category outside the tree holding the same words.
const parent = await createCategory(db, { type: 'tools' });
const left = await createCategory(db, { type: 'tools', parentId: parent.id });
const right = await createCategory(db, { type: 'tools', parentId: parent.id });
const outside = await createCategory(db, { type: 'tools' });

describe('a walk of each category of a tree', () => {
  /** The tree's page read by walking its categories, and the same page read by the slices' code from the whole catalogue. */
  /** `share`: the share of listings the words match, as estimated: rare, the walks are merged (walkCategoryTree); 1, apart. */
  async function inTree(typed: string, page = { offset: 0, limit: 50 }, query: Record<string, string> = {}, titles = false, known = [parent.id, left.id, right.id], share = 0.001) {
    const narrowed = listingQuerySchema.parse({ categoryId: String(parent.id), ...query });
    const treeFilters = catalogueWhere('tools', narrowed);
    const filters = catalogueWhere('tools', { ...narrowed, categoryId: undefined });
    const categories = { tree: categoryTree(parent.id), filters, known, matchShare: share, titleShare: share, titles };
    const slices: unknown[] = [];
    const answer = await findSearchPage(db, treeFilters, word(typed), page, undefined, { window: WINDOW, categories, onSlice: (slice) => slices.push(slice) });
    const reference = await findSearchPage(db, treeFilters, word(typed), page, undefined, { window: WINDOW });
    return { ...answer, slices, slugs: await slugs(answer.rows.map((row) => row.listing.id)), reference: { ...reference, slugs: await slugs(reference.rows.map((row) => row.listing.id)) } };
  }

  it("keeps the tree's best matches across its categories: featured, then newest, the old title match first", async () => {
    await insert([
      { slug: 'quince-title-old', title: 'Quince Press', description: 'The title match.', created: day(2), categoryId: right.id },
      { slug: 'quince-featured-old', title: 'Old featured', description: 'Mentions quince.', featured: true, created: day(3), categoryId: left.id },
      // Newer than every match of the tree, but outside it.
      { slug: 'quince-outside', title: 'Quince outside', description: 'Mentions quince.', created: day(99), categoryId: outside.id },
      ...Array.from({ length: 9 }, (_, n) => ({
        slug: `quince-new-${n}`,
        title: `New ${n}`,
        description: 'Mentions quince.',
        created: day(90 + n),
        // Most of the window in one category: its walk alone must go on past the others'.
        categoryId: n < 7 ? left.id : parent.id,
      })),
    ]);
    const result = await inTree('quince');
    // No slice and no walk of the whole type: one read of the categories, beside the title matches.
    expect(result.slices).toEqual([]);
    expect(result.slugs).toEqual(['quince-title-old', 'quince-featured-old', 'quince-new-8', 'quince-new-7', 'quince-new-6', 'quince-new-5']);
    expect(result.slugs).toEqual(result.reference.slugs);
    expect(result).toMatchObject({ total: WINDOW, totalExact: false });
    // Pages across the categories as the whole catalogue does: no overlap, no gap.
    for (const offset of [0, 2, 4]) {
      const paged = await inTree('quince', { offset, limit: 2 });
      expect(paged.slugs).toEqual(paged.reference.slugs);
      expect(paged.slugs).toEqual(result.slugs.slice(offset, offset + 2));
    }
    // The title matches walked category by category too: the same answer.
    const titlesWalked = await inTree('quince', { offset: 0, limit: 50 }, {}, true);
    expect(titlesWalked.slugs).toEqual(result.slugs);
    expect(titlesWalked).toMatchObject({ total: WINDOW, totalExact: false });
    // Each category walked apart to the window, as for a word most listings have: the same answer.
    for (const titles of [false, true]) {
      const apart = await inTree('quince', { offset: 0, limit: 50 }, {}, titles, undefined, 1);
      expect(apart.slugs).toEqual(result.slugs);
    }
  });

  it('walks the tree as it is where what the server knows of it is out of date', async () => {
    // The quince listings of the test before, and the tree's newest match in the category the server does not know.
    await insert([{ slug: 'quince-right', title: 'Right', description: 'Mentions quince.', created: day(100), categoryId: right.id }]);
    const current = await inTree('quince');
    expect(current.slugs).toEqual(current.reference.slugs);
    for (const titles of [false, true]) {
      // A category added to the tree since (right), one moved out of it (outside), or none known at all.
      for (const known of [[parent.id, left.id], [parent.id, left.id, right.id, outside.id], []]) {
        const result = await inTree('quince', { offset: 0, limit: 50 }, {}, titles, known);
        expect(result.slugs, `known ${known.join()}, titles ${titles}`).toEqual(current.slugs);
        expect(result).toMatchObject({ total: WINDOW, totalExact: false });
      }
    }
    expect(current.slugs).toEqual(expect.arrayContaining(['quince-right', 'quince-title-old']));
    expect(current.slugs).not.toContain('quince-outside');
  });

  it("walks for the title matches beyond each category's window of matches, the tree's best by default order", async () => {
    // Each category's newest matches fill the window; the title matches are older, in two categories.
    await insert([
      ...Array.from({ length: 3 }, (_, n) => ({ slug: `tansy-title-${n}`, title: `Tansy Works ${n}`, description: 'A title match.', created: day(5 + n), categoryId: n === 1 ? right.id : left.id })),
      ...Array.from({ length: 8 }, (_, n) => ({ slug: `tansy-new-${n}`, title: `New ${n}`, description: 'Mentions tansy.', created: day(80 + n), categoryId: n % 2 ? left.id : parent.id })),
    ]);
    const index = await inTree('tansy');
    const walked = await inTree('tansy', { offset: 0, limit: 50 }, {}, true);
    expect(walked.slugs.slice(0, 3)).toEqual(['tansy-title-2', 'tansy-title-1', 'tansy-title-0']);
    expect(walked.slugs).toEqual(index.slugs);
    expect(walked.slugs).toEqual(walked.reference.slugs);
  });

  it('counts exactly when the tree holds no more matches than the window, each category walked to its end', async () => {
    await insert([
      { slug: 'rowan-parent', title: 'Rowan parent', description: 'Rowan.', created: day(10), categoryId: parent.id },
      { slug: 'rowan-left', title: 'Left', description: 'Mentions rowan.', created: day(50), categoryId: left.id },
      { slug: 'rowan-right', title: 'Right', description: 'Mentions rowan.', created: day(20), categoryId: right.id },
      { slug: 'rowan-outside', title: 'Rowan outside', description: 'Rowan.', created: day(60), categoryId: outside.id },
    ]);
    const result = await inTree('rowan');
    expect(result).toMatchObject({ total: 3, totalExact: true });
    expect(result.slugs).toEqual(['rowan-parent', 'rowan-left', 'rowan-right']);
    expect(result.slugs).toEqual(result.reference.slugs);
  });

  it("applies the list's other filters in every category's walk", async () => {
    await insert([
      { slug: 'sorrel-cheap', title: 'Cheap', description: 'Mentions sorrel.', created: day(30), categoryId: left.id, price: '10.00' },
      { slug: 'sorrel-dear', title: 'Dear', description: 'Mentions sorrel.', created: day(40), categoryId: right.id, price: '900.00' },
      { slug: 'sorrel-unpriced', title: 'Unpriced', description: 'Mentions sorrel.', created: day(45), categoryId: parent.id },
    ]);
    const result = await inTree('sorrel', { offset: 0, limit: 50 }, { maxPrice: '100' });
    expect(result.slugs).toEqual(['sorrel-cheap']);
    expect(result.slugs).toEqual(result.reference.slugs);
    expect(result).toMatchObject({ total: 1, totalExact: true });
  });

  it('walks the categories for a common word only, and only by the estimate of its whole type', () => {
    const estimate = (matches: number) => ({ listings: 10_000, matches, likely: likelyMatches(matches, []), table: 20_000 });
    expect(walksCategories(estimate(5_000))).toBe(true);
    expect(walksCategories(estimate(2_000))).toBe(true);
    expect(walksCategories(estimate(500))).toBe(false);
    // Several words: bound by the rarest, as a walk of the whole type is.
    expect(walksCategories({ listings: 10_000, matches: 900, likely: likelyMatches(900, [6_000, 3_000]), table: 20_000, several: true, each: [6_000, 3_000] })).toBe(true);
    expect(walksCategories({ listings: 10_000, matches: 900, likely: likelyMatches(900, [6_000, 1_000]), table: 20_000, several: true, each: [6_000, 1_000] })).toBe(false);
    expect(walksCategories(undefined)).toBe(false);
  });

  it("walks for the title matches where they outnumber sqrt(title window x listings) in the whole type, by the title index's statistics", () => {
    // sqrt(100 * 10,000) = 1,000 title matches.
    const estimate = (titles?: number) => ({ listings: 10_000, matches: 5_000, likely: 7_500, table: 20_000, ...(titles === undefined ? {} : { titles }) });
    expect(walksCategoryTitles(estimate(3_600), 100)).toBe(true);
    expect(walksCategoryTitles(estimate(1_000), 100)).toBe(true);
    expect(walksCategoryTitles(estimate(900), 100)).toBe(false);
    expect(walksCategoryTitles(estimate(), 100)).toBe(false);
    // Several words: as many as the rarest word's title matches, which the independent estimate understates.
    expect(walksCategoryTitles({ ...estimate(200), titlesAtMost: 3_000 }, 100)).toBe(true);
    expect(walksCategoryTitles(undefined, 100)).toBe(false);
  });
});

describe('choosing slices', () => {
  /** The planner's estimate of one word: likely 1.5 times it (a prefix is estimated low). */
  const planned = (matches: number, listings: number, table: number) => ({ matches, likely: likelyMatches(matches, []), listings, table });
  const span = { newest: day(100).getTime(), oldest: day(0).getTime(), table: 1_000_000 };

  it('estimates matches from the planner on both engines', async () => {
    const estimate = await estimateMatches(db, filters, word('dunemoor'));
    expect(estimate).toBeDefined();
    expect(estimate!.listings).toBeGreaterThan(0);
    expect(estimate!.table).toBeGreaterThanOrEqual(estimate!.listings);
  });

  it('slices a word of a few percent, walks a common word, reads a rare one whole', () => {
    // 20,000 matches estimated of 500,000: 1,001 needed, with the margin 1,251, the newest 6.3 %
    // of the span (62,600 listings).
    const mid = firstSlices(planned(20_000, 500_000, 1_000_000), span, 1000);
    expect((span.newest - mid.matchesFrom!) / (span.newest - span.oldest)).toBeCloseTo((1001 * 1.25) / 20_000);
    expect(mid.titlesFrom).toBe(mid.matchesFrom);
    // A word in 40 %: the matches are walked; only the title matches are sliced, sized as if 5 %
    // of the matches were in titles: 1,000 of 10,000, the newest 10 % of 500,000 listings.
    const common = firstSlices(planned(200_000, 500_000, 500_000), { ...span, table: 500_000 }, 1000);
    expect(common.matchesFrom).toBeUndefined();
    expect((span.newest - common.titlesFrom!) / (span.newest - span.oldest)).toBeCloseTo(0.1);
    // A word in 25 % of 400,000 listings of a 1,000,000-listing table: 1,000 of 5,000 guessed
    // title matches would take a fifth of the span, 200,000 listings, past the widest bitmap.
    expect(firstSlices(planned(100_000, 400_000, 1_000_000), span, 1000)).toEqual({ matchesFrom: undefined, titlesFrom: undefined });
    // 2,000 matches: the slice would hold half the catalogue.
    expect(firstSlices(planned(2_000, 500_000, 1_000_000), span, 1000)).toEqual({ matchesFrom: undefined, titlesFrom: undefined });
    // 5,000 matches of 50,000 listings: a fifth of the span pays (20,000 listings for 4,000 matches not read).
    const small = { ...span, table: 100_000 };
    expect(firstSlices(planned(5_000, 50_000, 100_000), small, 1000).matchesFrom).toBeDefined();
    // 4,000 matches spread over 1,000,000 listings: 250,000 listings to save 3,000 matches does not.
    expect(firstSlices(planned(4_000, 500_000, 1_000_000), span, 1000).matchesFrom).toBeUndefined();
    // Several words whose matches one read takes: no slice (their estimate is only a bound).
    expect(firstSlices({ ...planned(30_000, 500_000, 1_000_000), several: true }, span, 1000).matchesFrom).toBeDefined();
    expect(firstSlices({ ...planned(5_000, 500_000, 1_000_000), several: true }, span, 1000)).toEqual({});
    expect(firstSlices(undefined, span, 1000)).toEqual({});
  });

  it('sizes a title slice from an estimate of the title matches, with a margin, and reads a few whole', () => {
    const share = (from: number | undefined) => (span.newest - from!) / (span.newest - span.oldest);
    // A word in 40 % of 500,000 listings, 20,000 of them in titles: 1,000 x 1.25 of 20,000.
    const common = firstSlices({ ...planned(200_000, 500_000, 500_000), titles: 20_000 }, { ...span, table: 500_000 }, 1000);
    expect(common.matchesFrom).toBeUndefined();
    expect(share(common.titlesFrom)).toBeCloseTo((1000 * 1.25) / 20_000);
    // Fewer title matches than the title window's worth: all of them.
    expect(firstSlices({ ...planned(200_000, 500_000, 500_000), titles: 900 }, { ...span, table: 500_000 }, 1000)).toEqual({ matchesFrom: undefined, titlesFrom: undefined });
  });

  it("reads a rare word's matches once and walks a common word's", () => {
    // 56,000 services: one read pays up to sqrt(1,000 x 56,000) = 7,483 likely matches.
    expect(readsMatchesOnce(planned(2_254, 56_000, 100_000), 1000)).toBe(true);
    expect(readsMatchesOnce(planned(7_400, 56_000, 100_000), 1000)).toBe(true);
    expect(readsMatchesOnce(planned(7_600, 56_000, 100_000), 1000)).toBe(false);
    expect(readsMatchesOnce(planned(27_500, 56_000, 100_000), 1000)).toBe(false);
    expect(readsMatchesOnce(undefined, 1000)).toBe(false);
  });

  it('under filters, reads every match once only where the fewer of the words in the type and the kept listings are no more than a walk reads', () => {
    // 1,413 matches among 5,448 kept tools, the word in 11,000 tools: a walk reads about 500 x
    // 5,448 / 1,413 = 1,928 listings, a read of every match the 5,448 kept.
    const kept = { ...planned(1_413, 5_448, 100_000), inType: 11_000 };
    expect(readsMatchesOnce({ ...kept, inType: undefined }, 500)).toBe(true);
    expect(readsMatchesOnce(kept, 500)).toBe(false);
    // A word rare in the whole type is read once through its index: 1,900 rows.
    expect(readsMatchesOnce({ ...kept, inType: 1_900 }, 500)).toBe(true);
  });

  it("reads the listings the filters keep where testing each costs less than gathering the rarest word's entries", () => {
    // 20 tools rated 4 or more, "video" in 3,000 tools: 120 rows' worth against 3,000 entries.
    const rated = { ...planned(2, 20, 100_000), inType: 3_000 };
    expect(readsKeptRows(rated)).toBe(true);
    expect(readsKeptRows({ ...rated, listings: 500 })).toBe(true);
    expect(readsKeptRows({ ...rated, listings: 501 })).toBe(false);
    // "prog" in 3 tools and 4,624 listings of both types: the index gathers the 4,624.
    const rare = { ...planned(1, 20, 100_000), inType: 3, inTable: 4_624 };
    expect(readsKeptRows(rare)).toBe(true);
    expect(readsKeptRows({ ...rare, listings: 771 })).toBe(false);
    expect(readsKeptRows({ ...rare, inTable: undefined })).toBe(false);
    // Unfiltered, or without an estimate, the words' index as planned.
    expect(readsKeptRows({ ...rated, inType: undefined })).toBe(false);
    expect(readsKeptRows(undefined)).toBe(false);
  });

  it('takes several words to match as many as the rarest of them, not as if they were independent', async () => {
    // "social media scheduling" at 100,000 listings: 108 estimated together, 3,103 found.
    expect(likelyMatches(108, [12_699, 12_683, 1_305])).toBe(1_305);
    expect(likelyMatches(1_331, [])).toBe(1_331);
    // On both engines the planner's estimate of each word comes with the whole search's.
    const words: SearchWord[] = [
      { typed: 'mentions', corrections: [] },
      { typed: 'dunemoor', corrections: [] },
    ];
    const both = await estimateMatches(db, filters, words);
    const alone = await Promise.all(words.map((word) => estimateMatches(db, filters, [word])));
    expect(both!.likely).toBeCloseTo(Math.min(...alone.map((one) => one!.matches)));
  });

  it("walks for a walk's title matches where that passes fewer listings than the title index reads rows", () => {
    // Under the terms, 4,000 listings, 450 title matches: 100 of them in about 889 listings,
    // 1,112 with the margin; the type's title index reads its 5,000 title matches.
    const terms = { listings: 4_000, matches: 3_000, likely: 3_000, table: 100_000, titles: 450 };
    const type = { listings: 44_000, matches: 30_000, likely: 30_000, table: 100_000, titles: 5_000 };
    expect(titleWalkLength(terms, type, 100)).toBe(1_112);
    // The type's title matches fewer than the walk would pass: the index.
    expect(titleWalkLength(terms, { ...type, titles: 1_000 }, 100)).toBeUndefined();
    // No estimate of the title matches, or none under the terms: the index.
    expect(titleWalkLength({ ...terms, titles: undefined }, type, 100)).toBeUndefined();
    expect(titleWalkLength({ ...terms, titles: 0 }, type, 100)).toBeUndefined();
    // Where the title index holds the terms, it reads only the 450 under them: the index.
    expect(titleWalkLength(terms, terms, 100)).toBeUndefined();
  });

  it('reads the matches under programme terms at once where they are no more than the first half of the walk', () => {
    const terms = { listings: 7_600, matches: 2_000, likely: 2_000, table: 100_000 };
    // "crm" among tools with a white-label resale programme: about 2,000 matches, a walk of 5,010.
    expect(readsTermsOnce(terms, 5_010)).toBe(true);
    expect(readsTermsOnce({ ...terms, likely: 2_505 }, 5_010)).toBe(true);
    // "seo" among such services: 5,300, more than the 2,505 the walk passes at least.
    expect(readsTermsOnce({ ...terms, likely: 2_506 }, 5_010)).toBe(false);
    expect(readsTermsOnce(terms, undefined)).toBe(false);
    expect(readsTermsOnce(undefined, 5_010)).toBe(false);
  });

  it('walks on for the title matches a title walk lacks as far as what it found says, where that passes fewer listings than the title index reads rows', () => {
    // 92 title matches in 1,520 listings: 8 more in about 132, 166 with the margin.
    expect(titleWalkAfter(1_520, 92, 100, 4_484)).toBe(166);
    expect(titleWalkAfter(1_520, 92, 100, 166)).toBeUndefined();
    // None found, or the type's title matches unknown: nothing to size it from.
    expect(titleWalkAfter(1_520, 0, 100, 4_484)).toBeUndefined();
    expect(titleWalkAfter(1_520, 92, 100, undefined)).toBeUndefined();
  });

  it('sizes the slice after a walk that fell short from what the walk found', () => {
    const share = (from: number | undefined) => (span.newest - from!) / (span.newest - span.oldest);
    // 200 matches in the newest 2,505 of 440,000 tools: about 35,000 in all, the window's in the newest
    // 1.4 %; the slice a quarter wider.
    expect(share(sliceAfterWalk(span, 440_000, 200, 2_505, 500))).toBeCloseTo((501 * 1.25) / ((200 / 2_505) * 440_000), 6);
    // None, or so few that no slice would hold the window: the whole catalogue.
    expect(sliceAfterWalk(span, 440_000, 0, 2_505, 500)).toBeUndefined();
    expect(sliceAfterWalk(span, 440_000, 1, 2_505, 500)).toBeUndefined();
  });

  it("tests a title slice's titles one by one only where the title index would gather three times its listings", () => {
    const estimate = (titles?: number) => ({ listings: 56_000, matches: 20_000, likely: 30_000, table: 100_000, titles });
    const start = (share: number) => span.newest - (span.newest - span.oldest) * share;
    // "c": 20,335 title matches; a slice of 1 % holds 560 services.
    expect(testsTitleSlice(span, start(0.01), estimate(20_335))).toBe(true);
    // "seo": 2,272 title matches; its slice of 5.5 % holds 3,080 services: the index.
    expect(testsTitleSlice(span, start(0.055), estimate(2_272))).toBe(false);
    // The whole catalogue, or no estimate of the titles: the index.
    expect(testsTitleSlice(span, undefined, estimate(20_335))).toBe(false);
    expect(testsTitleSlice(span, start(0.01), estimate(undefined))).toBe(false);
  });

  it('leaves to the rows the words every listing of the type uses, never the rarest, never a stop word', () => {
    const typed = (...words: string[]): SearchWord[] => words.map((one) => ({ typed: one, corrections: [] }));
    const kept = (words: SearchWord[], lexemes: string[][], uses: number[]) => wordsThroughIndex(words, lexemes, uses, 1_000).map((word) => word.typed);
    // "agen" has as many uses as the type has listings: it spares no row.
    expect(kept(typed('agen', 'brie'), [['agen'], ['brie']], [1_300, 90])).toEqual(['brie']);
    // A word most listings use, but not all, still spares rows worth its entries.
    expect(kept(typed('brand', 'bund'), [['brand'], ['bund']], [610, 80])).toEqual(['brand', 'bund']);
    // Both used everywhere: the rarer is asked for.
    expect(kept(typed('agen', 'soft'), [['agen'], ['soft']], [1_300, 1_100])).toEqual(['soft']);
    // A stop word stays; a single word is always asked for.
    expect(kept(typed('the', 'agen', 'brie'), [[], ['agen'], ['brie']], [2_000, 1_300, 90])).toEqual(['the', 'brie']);
    expect(kept(typed('agen'), [['agen']], [1_300])).toEqual(['agen']);
  });

  it('widens by what was missing, at least twice, and gives up on nothing found or too wide', () => {
    // At 1,000,000 listings the widest slice is 80,000 listings: 8 % of the span.
    const start = span.newest - (span.newest - span.oldest) * 0.01;
    const share = (from: number | undefined) => (span.newest - from!) / (span.newest - span.oldest);
    expect(share(widenSlice(span, start, 250, 1001))).toBeCloseTo(0.01 * (1001 / 250) * 1.25);
    expect(share(widenSlice(span, start, 900, 1001))).toBeCloseTo(0.02);
    expect(share(widenSlice(span, start, 500, 1001))).toBeCloseTo(0.01 * (1001 / 500) * 1.25);
    expect(widenSlice(span, start, 0, 1001)).toBeUndefined();
    expect(widenSlice(span, start, 10, 1001)).toBeUndefined();
  });
});

describe('a page of candidates', () => {
  const candidate = (id: number, rank: number, featured = false, createdUs = id * 1000) => ({ id, rank, featured, createdUs });

  it('orders by relevance, then featured, newest and id, and counts a listing read twice once', () => {
    const matches = { count: 6, top: [candidate(1, 0.5), candidate(2, 0.5, true), candidate(3, 0.25), candidate(4, 1.5)] };
    const titles = { count: 2, top: [candidate(4, 1.5), candidate(5, 1.5, false, 1)] };
    expect(pageOfCandidates([matches, titles], 0, 10)).toEqual([4, 5, 2, 1, 3]);
    expect(pageOfCandidates([matches, titles], 1, 2)).toEqual([5, 2]);
    expect(pageOfCandidates([matches, titles], 5, 2)).toEqual([]);
    // Equal in everything but the id: the higher id first, as the SQL orders them.
    expect(pageOfCandidates([{ count: 2, top: [candidate(7, 0.5, false, 9), candidate(8, 0.5, false, 9)] }], 0, 2)).toEqual([8, 7]);
  });
});
