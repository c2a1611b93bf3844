import { and, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { type CategoryTree, walkCategoryTree } from './category-tree-walk';
import { fewSearchMatch, rowMatch, searchMatch, searchRank, type SearchWord, titleMatch, titleWeightMatch } from './listing-search';

/**
 * The reads that pick a search's candidates (docs/decisions/search.md, "What a search ranks"): the
 * window's best matches by featured-then-newest, and the window's best title matches by the same
 * order, each from the whole catalogue or from a slice (its featured listings and those created
 * since a time). Each read answers how many it found and its best `top` by relevance, which is
 * all a page needs: the page's best candidates are among the best `offset + limit` of each read.
 */

/** A candidate, with what orders it: relevance, then featured, newest, id (all descending). */
export type Candidate = { id: number; rank: number; featured: boolean; createdUs: number };

/** What one read found: how many (up to its limit) and its best candidates by relevance. */
export type CandidateRead = { count: number; top: Candidate[] };

export type ReadScope = {
  filters: SQL;
  /**
   * The same filters as the full-text indexes hold them, the partner-programme terms as words
   * (programmeWhere's `fullText`), for the reads that gather every match from those indexes: only
   * the listings with both the words and the terms are read. The read of the window's matches of
   * the whole catalogue keeps `filters`, whose columns the programmes' index holds, in the order
   * PostgreSQL walks for common words; so do walks. `filters` when absent.
   */
  fullTextFilters?: SQL;
  words: SearchWord[];
  /** The words the reads of the full-text index ask it for (wordsThroughIndex); all of them when absent. */
  indexed?: SearchWord[];
  /** How many ranked candidates a search serves. */
  window: number;
  /** How many of them may be title matches found beyond the window's matches. */
  titleWindow: number;
  /** How many of each read's best to answer: the end of the page asked for. */
  top: number;
};

const byDefaultOrder = sql`order by is_featured desc, created_at desc, id desc`;
const byRelevance = sql`order by rank desc, is_featured desc, created_at desc, id desc`;

/**
 * The listings matching `match` (all of them, or a slice's), each with its relevance and, when
 * `withTitle`, whether its title has every word; `gathered`: the read gathers them from the
 * full-text indexes, every one of them or a slice's, rather than walk the catalogue's order
 * (ReadScope.fullTextFilters). A slice's featured listings are read apart
 * (listings_featured_idx): PostgreSQL does not AND an index's bitmap under an OR.
 */
function read(scope: ReadScope, match: SQL, from: number | undefined, { withTitle = false, gathered = false } = {}) {
  const filters = gathered ? (scope.fullTextFilters ?? scope.filters) : scope.filters;
  const select = (where: SQL | undefined) => sql`
    select ${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at,
      (${searchRank(scope.words)})::float8 as rank${withTitle ? sql`, ${titleWeightMatch(scope.words)} as title` : sql``}
    from ${listings} where ${where}`;
  if (from === undefined) return select(and(filters, match));
  const since = sql`${listings.createdAt} >= ${new Date(from).toISOString()}::timestamptz`;
  return sql`${select(and(filters, match, sql`${listings.isFeatured}`))}
    union all ${select(and(filters, match, sql`not ${listings.isFeatured}`, since))}`;
}

/** A read's count and best candidates, as one JSON value; `relation` is ordered by default order. */
const answer = (relation: string, window: number, top: number) => sql`json_build_object(
  'count', (select count(*) from ${sql.raw(relation)}),
  'top', (select coalesce(json_agg(json_build_array(id, rank, is_featured, (extract(epoch from created_at) * 1000000)::float8)), '[]')
    from (select * from (select * from ${sql.raw(relation)} ${byDefaultOrder} limit ${window}) as inside ${byRelevance} limit ${top}) as best))`;

type Answer = { count: number; top: [number, number, boolean, number][] };

async function run(db: Executor, statement: SQL, names: string[]): Promise<CandidateRead[]> {
  const result = await db.execute(statement);
  // Both drivers answer raw SQL with { rows }, json already parsed; the shared Database type cannot say so.
  const [row] = (result as unknown as { rows: Record<string, Answer>[] }).rows;
  return names.map((name) => {
    const answered = row![name]!;
    const top = answered.top.map(([id, rank, featured, createdUs]) => ({ id: Number(id), rank, featured, createdUs }));
    return { count: Number(answered.count), top };
  });
}

/**
 * The window's best matches by default order (and one more, which tells whether there are more).
 * For a common word PostgreSQL walks listings_browse_idx and stops after the window's worth.
 */
export async function readMatches(db: Executor, scope: ReadScope, from?: number): Promise<CandidateRead> {
  const [matches] = await run(
    db,
    sql`with matches as materialized (${read(scope, searchMatch(scope.words, scope.indexed), from, { gathered: from !== undefined })} ${byDefaultOrder} limit ${scope.window + 1})
      select ${answer('matches', scope.window, scope.top)} as matches`,
    ['matches'],
  );
  return matches!;
}

/**
 * How a walk reads: `byIndex`, its listings' ids from an index alone, then their rows by key; with
 * their title matches. `wholeRows`, with `byIndex`: each passing listing's row as the walk reaches
 * it, by `inOrder` in a form an index answers in order (termsWalkForm). `inOrder`: the filters
 * the walk reads its listings by, in the form only the order's index answers (programmeWhere's
 * `inOrder`); the scope's by default.
 */
export type WalkRead = { length: number; skip?: number; found?: number; byIndex?: boolean; wholeRows?: boolean; inOrder?: SQL };

const inDefaultOrder = sql`${listings.isFeatured}, ${listings.createdAt}, ${listings.id}`;

/**
 * The condition that starts a walk after the first `skip` listings passing `inOrder`, found from
 * the index alone (it holds the order's columns): every column of the order descends, so the
 * listings after one are those whose order row is smaller.
 */
const afterSkipped = (inOrder: SQL, skip: number) =>
  skip > 0 ? sql`and (${inDefaultOrder}) < (select ${inDefaultOrder} from ${listings} where ${inOrder} ${byDefaultOrder} offset ${skip - 1} limit 1)` : sql``;

/**
 * A walk by index (readWalk's `byIndex`, readTitleWalk): the ids of `length` listings passing
 * `inOrder` (and `after`) in default order, as the relation `walked`. It keeps its order's
 * columns under names of its own, so that what is joined to it is taken in the walk's order and
 * stops at its limit.
 */
const walkedByIndex = (inOrder: SQL, after: SQL, length: number) =>
  sql`(select ${listings.id} as walked_id, ${listings.isFeatured} as walked_featured, ${listings.createdAt} as walked_created
    from ${listings} where ${inOrder} ${after} ${byDefaultOrder} limit ${length}) as walked`;

/**
 * A walk of whole rows: `length` listings passing `inOrder` (and `after`) in default order, named
 * "listings" too, so that the words' match and rank read their row.
 */
const walkedRows = (inOrder: SQL, after: SQL, length: number) => sql`(select * from ${listings} where ${inOrder} ${after} ${byDefaultOrder} limit ${length}) as ${listings}`;

/**
 * The window's best matches by default order (and one more), among `length` listings in that
 * order: a walk of listings_browse_idx that tests the words on each row and stops once the window
 * is full, never touching the words' index entries. For several words each common enough that
 * their matches are likely dense ("crm software": "software" is in nearly every tool), where a
 * slice's statement reads every word's index entries (11-13 ms each at 100,000 listings) and
 * PostgreSQL, misled by its estimate for the words together, may read and rank every match rather
 * than walk. Found more than the window: exactly the window's best matches of the whole catalogue,
 * as they come first in that order. Fewer: they say nothing of the listings beyond the walk.
 *
 * `skip` starts the walk after the first `skip` listings, found from the index alone (it holds the
 * order's columns), so that a walk goes on where another stopped; `found`, the matches that one
 * found, leaves this one the rest of the window.
 *
 * `byIndex`, for the partner-programme terms (walkLength): the walked listings' ids come from
 * listings_programme_browse_idx alone, which holds every filter's column, and only their rows are
 * read, by key, to test the words. Walked as whole rows, a programme type (an array, which no
 * index seeks) made PostgreSQL read and sort every listing of the type: "marketing" among affiliate
 * programmes' services, 109 ms for 2,505 listings, 15 by id. A key costs a few more buffers than
 * the whole-row walk's heap fetch, so plain filters keep that, and so do terms the index tests in
 * its entries, or one type walked by its own index (`wholeRows`, termsWalkForm). Such a walk
 * answers its title matches too (`titles`): among the window's matches, which come first, the
 * newest title matches are the catalogue's newest once they fill the title window.
 */
export async function readWalk(db: Executor, scope: ReadScope, { length, skip = 0, found = 0, byIndex = false, wholeRows = false, inOrder = scope.filters }: WalkRead): Promise<CandidateRead & { titles?: CandidateRead }> {
  const after = afterSkipped(inOrder, skip);
  const window = scope.window - found;
  const candidate = sql`${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at,
    (${searchRank(scope.words)})::float8 as rank`;
  if (!byIndex) {
    // The walked listings are named "listings" too, so the words' match and rank read their row.
    const walked = walkedRows(inOrder, after, length);
    const [matches] = await run(
      db,
      sql`with matches as materialized (select ${candidate} from ${walked} where ${rowMatch(scope.words)} ${byDefaultOrder} limit ${window + 1})
        select ${answer('matches', window, scope.top)} as matches`,
      ['matches'],
    );
    return matches!;
  }
  const walked = wholeRows
    ? walkedRows(inOrder, after, length)
    : sql`${walkedByIndex(inOrder, after, length)} join ${listings} on ${listings.id} = walked.walked_id`;
  const walkOrder = wholeRows ? byDefaultOrder : sql`order by walked.walked_featured desc, walked.walked_created desc, walked.walked_id desc`;
  const [matches, titles] = await run(
    db,
    sql`with matches as materialized (
        select ${candidate}, ${titleWeightMatch(scope.words)} as title
        from ${walked}
        where ${rowMatch(scope.words)}
        ${walkOrder} limit ${window + 1}),
      titles as materialized (select * from matches where title ${byDefaultOrder} limit ${scope.titleWindow})
      select ${answer('matches', window, scope.top)} as matches, ${answer('titles', scope.titleWindow, scope.top)} as titles`,
    ['matches', 'titles'],
  );
  return { ...matches!, titles };
}

/**
 * readWalk over `length` listings, in two halves. A first half that finds at most half the window
 * stops the walk there: at that pace the whole walk would most likely fall short too ("design
 * automation": 200 matches in the newest 2,505 tools, 387 in 5,010, at 100,000 listings), and a
 * walk that falls short is work thrown away, now half as much. One that finds more goes on where
 * it stopped, for the rest of the window. `walked`: how many listings it passed. `titles`: the
 * first half's title matches, when it filled the window alone (readWalk, `byIndex`).
 */
export async function readWalkInHalves(db: Executor, scope: ReadScope, length: number, how: Pick<WalkRead, 'byIndex' | 'wholeRows' | 'inOrder'> = {}): Promise<CandidateRead & { walked: number; titles?: CandidateRead }> {
  const half = Math.ceil(length / 2);
  const first = await readWalk(db, scope, { length: half, ...how });
  if (first.count > scope.window || 2 * first.count <= scope.window) return { ...first, walked: half };
  const rest = await readWalk(db, scope, { length: length - half, skip: half, found: first.count, ...how });
  return { ...walkedOn(first, rest), walked: length };
}

/** What a walk and the walk on from where it stopped found together: the best of both are among the two reads' best. */
export const walkedOn = (first: CandidateRead, rest: CandidateRead): CandidateRead => ({ count: first.count + rest.count, top: [...first.top, ...rest.top] });

/**
 * The title window's best title matches by default order, among `length` listings in that order
 * under the partner-programme terms: their ids walked from listings_programme_browse_idx alone,
 * as readWalk's `byIndex` walks them, and each row read by key to test its title
 * (titleWeightMatch). For a common word under the terms, whose title matches the title index
 * finds only among the whole type's, each read from its row to test the terms (titleWalkLength).
 * Found the title window's worth: exactly the catalogue's best, as they come first in that
 * order. Fewer: they say nothing of the listings beyond the walk. `skip`: it goes on after the
 * first `skip` listings, where a title walk that fell short stopped.
 */
export async function readTitleWalk(db: Executor, scope: ReadScope, { length, skip = 0, inOrder = scope.filters }: Pick<WalkRead, 'length' | 'skip' | 'inOrder'>): Promise<CandidateRead> {
  const walked = walkedByIndex(inOrder, afterSkipped(inOrder, skip), length);
  const [titles] = await run(
    db,
    sql`with titles as materialized (
        select ${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at, (${searchRank(scope.words)})::float8 as rank
        from ${walked} join ${listings} on ${listings.id} = walked.walked_id
        where coalesce(${titleWeightMatch(scope.words)}, false)
        order by walked.walked_featured desc, walked.walked_created desc, walked.walked_id desc limit ${scope.titleWindow})
      select ${answer('titles', scope.titleWindow, scope.top)} as titles`,
    ['titles'],
  );
  return titles!;
}

/**
 * A category tree to walk category by category (walkCategoryTree), and the list's other filters.
 * `matchShare`, `titleShare`: the shares of the listings that match the words and that hold them
 * in their titles, as estimated, which say how many listings a walk passes for its window.
 */
export type CategoryWalk = CategoryTree & { filters: SQL; matchShare: number; titleShare: number };

/**
 * The window's best matches by default order (and one more), in a category tree: each category's
 * listings walked newest first through listings_browse_category_idx, testing the words on each
 * row, the walks merged in that order and stopped when the window is full (walkCategoryTree).
 * For a common word in a category, where PostgreSQL would walk every listing of the type and read each row to learn its
 * category ("crm" in Customer Support: 40,500 services passed, 118 ms at 100,000 listings), or
 * gather the word's whole index entry to AND it with the category's (docs/decisions/search.md,
 * "Within a category, each category is walked"). The words are tested as `coalesce(match, false)` (the same test:
 * search_vector is never null), which PostgreSQL can neither answer by the words' index nor
 * estimate, so it takes one listing in two for a match and walks: with the match as written, or
 * `is true`, it read and sorted every listing of each category wherever it guessed the word rarer
 * than it is ("design" in Design & Branding: 24.8 -> 7.4 ms).
 *
 * When the merged matches number no more than the window, every walk reached the end of its
 * category: they are every match of the tree, and every title match is among them.
 *
 * `categories.filters`: the list's other filters, without the tree's condition, which would make
 * each walk a read of the whole category and a sort (PostgreSQL keeps no order across the values of
 * `category_id = any(...)`).
 */
export async function readCategoryWalk(db: Executor, scope: ReadScope, categories: CategoryWalk): Promise<CandidateRead> {
  return walkCategories(db, scope, categories, 'matches', rowMatch(scope.words), scope.window + 1, scope.window, categories.matchShare);
}

/**
 * The title window's best title matches by default order in a category tree, each category walked
 * as readCategoryWalk walks it, testing the titles on each row (titleWeightMatch): for words whose
 * title matches are common (walksCategoryTitles), which the title index answers by gathering every
 * title they start in the whole type ("c": 20,335 services at 100,000 listings) before it meets the
 * tree.
 */
export async function readCategoryTitleWalk(db: Executor, scope: ReadScope, categories: CategoryWalk): Promise<CandidateRead> {
  return walkCategories(db, scope, categories, 'titles', sql`coalesce(${titleWeightMatch(scope.words)}, false)`, scope.titleWindow, scope.titleWindow, categories.titleShare);
}

/**
 * Walks the tree's categories for the best `limit` listings passing `match` (walkCategoryTree), and
 * answers them as `name`; `share`: of the listings, those passing `match`.
 */
async function walkCategories(
  db: Executor,
  scope: ReadScope,
  categories: CategoryWalk,
  name: 'matches' | 'titles',
  match: SQL,
  limit: number,
  window: number,
  share: number,
): Promise<CandidateRead> {
  const walk = (category: SQL) => sql`
    select ${listings.id} as id, ${listings.isFeatured} as is_featured, ${listings.createdAt} as created_at,
      (${searchRank(scope.words)})::float8 as rank
    from ${listings}
    where ${categories.filters} and ${listings.categoryId} = ${category} and ${match}`;
  const [read] = await run(
    db,
    sql`with ${sql.raw(name)} as materialized (${walkCategoryTree(categories, walk, limit, limit / share)})
      select ${answer(name, window, scope.top)} as ${sql.raw(name)}`,
    [name],
  );
  return read!;
}

/**
 * The title window's best title matches by default order, from every title match (of the slice)
 * found by the partial title indexes (migration 0011), or, `tested`, found by testing each
 * listing of the slice (testsTitleSlice). Never by walking listings_browse_idx until
 * enough are found, which the planner may choose, as it guesses thousands of title matches for
 * any word (it has no statistics of the titles' words): "semush" at 1,000,000 listings walked all
 * 444,000 tools, parsing every title, for its one match (1.4 s).
 */
export async function readTitles(db: Executor, scope: ReadScope, from?: number, tested = false): Promise<CandidateRead> {
  // Tested: each listing of the slice, read by its creation index, has its title tested on its
  // row (testsTitleSlice); `is true` keeps PostgreSQL from answering the test by an index.
  // Otherwise through the title index, where PostgreSQL may still choose to read a filter's
  // listings and parse each one's title (to_tsvector, which it costs as cheap): the row's own
  // weight A, tested first (the cheaper test), spares the parsing of every title that cannot
  // match. `coalesce` keeps it out of the index conditions. "seo" among services with a public
  // margin of 40 % or more read 3,892 such rows for its 169 title matches: 23.8 -> 8.9 ms.
  const match = tested && from !== undefined ? sql`(${titleWeightMatch(scope.words)}) is true` : sql`coalesce(${titleWeightMatch(scope.words)}, false) and ${titleMatch(scope.words)}`;
  const [titles] = await run(
    db,
    sql`with found as materialized (${read(scope, match, from, { gathered: true })}),
      titles as materialized (select * from found ${byDefaultOrder} limit ${scope.titleWindow})
      select ${answer('titles', scope.titleWindow, scope.top)} as titles`,
    ['titles'],
  );
  return titles!;
}

/**
 * How a read of the whole catalogue's matches finds them: as PostgreSQL plans it; through the
 * words' index whatever it estimates (`words`: SearchLimits.fewWords); or through the filters'
 * indexes, testing the words on each row the filters keep (`keptRows`: SearchLimits.keptRows).
 */
export type MatchesFoundBy = 'planned' | 'words' | 'keptRows';

/**
 * The matches and the title matches from one read of every match (of a slice, or of the whole
 * catalogue), the title matches picked as the matches are read (titleWeightMatch): for words
 * whose matches are read in full anyway, rather than reading the title matches a second time.
 * `by`: how the whole catalogue's are found (MatchesFoundBy); a slice's as PostgreSQL plans.
 */
export async function readMatchesAndTitles(db: Executor, scope: ReadScope, from?: number, by: MatchesFoundBy = 'planned'): Promise<{ matches: CandidateRead; titles: CandidateRead }> {
  // Under filters that leave few matches of common words, the planner's statistics lead it to the
  // filters' indexes: only words few by themselves are looked up whatever it estimates, and only
  // the rows of filters that keep few listings are read whatever it estimates of the words.
  const whole = from === undefined;
  const match = whole && by === 'keptRows' ? rowMatch(scope.words) : whole && by === 'words' ? fewSearchMatch(scope.words, scope.indexed) : searchMatch(scope.words, scope.indexed);
  const [matches, titles] = await run(
    db,
    sql`with found as materialized (${read(scope, match, from, { withTitle: true, gathered: true })}),
      matches as materialized (select * from found ${byDefaultOrder} limit ${scope.window + 1}),
      titles as materialized (select * from found where title ${byDefaultOrder} limit ${scope.titleWindow})
      select ${answer('matches', scope.window, scope.top)} as matches, ${answer('titles', scope.titleWindow, scope.top)} as titles`,
    ['matches', 'titles'],
  );
  return { matches: matches!, titles: titles! };
}

/**
 * The ids of a page of candidates, best first. A listing both among the matches and the title
 * matches is one candidate (the same rank either way).
 */
export function pageOfCandidates(reads: CandidateRead[], offset: number, limit: number): number[] {
  const unique = new Map<number, Candidate>();
  for (const { top } of reads) for (const candidate of top) unique.set(candidate.id, candidate);
  return [...unique.values()]
    .sort((a, b) => b.rank - a.rank || Number(b.featured) - Number(a.featured) || b.createdUs - a.createdUs || b.id - a.id)
    .slice(offset, offset + limit)
    .map((candidate) => candidate.id);
}
