import { and, arrayContains, arrayOverlaps, desc, eq, gte, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import { listings } from '../../../db/schema/listings';
import { facet } from '../../../db/programme-facets';
import { marginFloors, programmeTypeBit, programmeTypes, type ProgrammeType, type TermsVisibility } from '../../../shared/partner-programme-values';
import type { ListingQuery, ListingSort } from '../../../shared/schemas/listing-query';
import type { Executor } from '../../../db/client';
import type { Page } from './listings.queries';

/**
 * The partner-programme filters and sorts of the catalogue (docs/decisions/partner-programme-filters.md).
 * They test the copies of the programme on the listing's row (listings.programme_*, written by a
 * trigger on partner_programmes), in the same WHERE as the listing's own filters, so every list
 * and search path takes them as it takes those, and the planner has their statistics. Each is
 * false without a programme. Margin and earnings are the programme's cached figures, and only
 * programmes whose numbers `numbersFor` holds count for them: a visitor's "at least 40 % margin"
 * never tells apart a members-only programme at 45 % from one at 20 %.
 */

/** Whose numbers a viewer may filter and sort by: visitors public ones, members members' too, administrators all. */
export function numbersVisibleTo(viewer: { isAdmin: boolean } | null): TermsVisibility[] {
  if (!viewer) return ['public'];
  return viewer.isAdmin ? ['public', 'members', 'on_request'] : ['public', 'members'];
}

const programmeKeys = ['programme', 'whiteLabel', 'minMargin', 'maxCommitment', 'billing', 'trial', 'territory', 'verified', 'sort'] as const satisfies readonly (keyof ListingQuery)[];

/** Whether the query asks anything of the programme. */
export const asksProgramme = (query: ListingQuery): boolean => programmeKeys.some((key) => query[key] !== undefined);

/** The same query asking only for a programme, of any type, instead of its terms. */
export const withAnyProgramme = (query: ListingQuery): ListingQuery => ({
  ...query,
  ...Object.fromEntries(programmeKeys.map((key) => [key, undefined])),
  programme: [...programmeTypes],
});

const l = listings;

/** The column a sort orders by, highest first; margin and earnings only where the viewer sees the numbers. */
function sortColumn(sort: ListingSort) {
  return sort === 'margin' ? l.programmeMarginPercent : sort === 'earnings' ? l.programmeEarningsPerClient : l.programmeVerifiedAt;
}

function sortable(sort: ListingSort, numbersFor: TermsVisibility[]): SQL {
  const column = sortColumn(sort);
  return sort === 'verified' ? isNotNull(column) : and(isNotNull(column), inArray(l.programmeVisibility, numbersFor))!;
}

/**
 * Whether a search under these programme filters walks the programmes' index itself (walkLength,
 * readWalk's `byIndex`) rather than leave the plan to PostgreSQL, which takes the filters and a
 * common word as independent and misjudges two of them (HTTP p50 at 100,000 listings, before and
 * after):
 * - a programme type, an array no index seeks: "marketing" among affiliate programmes read the
 *   word's whole index entry and tested the type on 24,704 rows (74 -> 20 ms);
 * - a minimum margin, a range whose index PostgreSQL ANDs with the word's whole index entry
 *   ("seo" with a 30 % margin: 47,601 entries, 28 -> 14 ms; "marketing" among tools, 40 %: 13 -> 12).
 * The others it walks or ANDs well on its own, and a walk by key cost them 4-9 ms more
 * ("marketing" among verified programmes 8 -> 18, "seo" under full white-label 9 -> 14).
 */
export const walksProgrammeTerms = (query: ListingQuery): boolean => query.programme !== undefined || query.minMargin !== undefined;

/**
 * How such a walk reads whole rows, each passing listing's as the walk reaches it, rather than the
 * ids from an index alone and then each row by key (one buffer a listing, where a key costs three
 * or four): undefined where it walks ids. The form of programmeWhere it walks by:
 * - `rows`, where no type and no territory is asked: every term is then a plain column of
 *   listings_programme_browse_idx, which the walk tests in the index's entries, fetching only the
 *   rows that pass ("email" among tools with a 20 % margin: 5,409 -> 1,904 buffers);
 * - `typeWalk`, where one programme type is all the list asks: the type's own index
 *   (listings_programme_<type>_idx) holds just its listings in the catalogue's order.
 * Types and territories are arrays, which only a row or an index-only entry can test: walked as
 * whole rows of the browse index, a type made PostgreSQL read and sort every listing of the type
 * (readWalk), and under other filters a type's index would fetch the rows they rule out. The
 * listing's own filters (`ownFilters`) keep the walk of ids, which tests them in the index too.
 */
export function termsWalkForm(query: ListingQuery, ownFilters: boolean): ProgrammeWhereForm | undefined {
  if (query.territory !== undefined || ownFilters) return undefined;
  if (query.programme === undefined) return 'rows';
  return query.programme.length === 1 && asksOnly(query, 'programme') ? 'typeWalk' : undefined;
}

/** The values of programme_type_set that hold any of the types: as many ranges of the terms index. */
export function typeSetsWithAny(types: readonly ProgrammeType[]): number[] {
  const asked = types.reduce((bits, type) => bits | programmeTypeBit(type), 0);
  const sets: number[] = [];
  for (let set = 1; set < 1 << programmeTypes.length; set += 1) if ((set & asked) !== 0) sets.push(set);
  return sets;
}

/** The programme filters whose columns listings_programme_terms_idx holds; of the sorts, the newest verified (its list holds the verified ones). */
const termsKeys: readonly (keyof ListingQuery)[] = ['programme', 'whiteLabel', 'maxCommitment', 'billing', 'trial', 'verified'];

/** Whether every programme filter and sort asked is one the terms index holds (the listing's own filters are the caller's to judge). */
export const asksOnlyTerms = (query: ListingQuery): boolean =>
  asksProgramme(query) && programmeKeys.every((key) => query[key] === undefined || termsKeys.includes(key) || (key === 'sort' && query.sort === 'verified'));

/** Whether `asked` is the only programme filter or sort the query asks. */
const asksOnly = (query: ListingQuery, asked: keyof ListingQuery): boolean => query[asked] !== undefined && programmeKeys.every((key) => query[key] === undefined || key === asked);

/** Whether the territory is the only programme filter asked, which listings_programme_territories_idx holds under the terms index's predicate. */
export const asksOnlyTerritory = (query: ListingQuery): boolean => asksOnly(query, 'territory');

/** Whether every programme filter asked is one the full-text indexes hold as words (facetsAsked). */
export function termsInFullTextIndex(query: ListingQuery, numbersFor: TermsVisibility[]): boolean {
  const facets = facetsAsked(query, numbersFor);
  return facets !== undefined && programmeKeys.every((key) => query[key] === undefined || facets.says.has(key));
}

/** The forms of programmeWhere, each for the indexes its statements read. */
export type ProgrammeWhereForm = 'rows' | 'termsCount' | 'inOrder' | 'fullText' | 'typeWalk';

/**
 * The asked terms that listings.programme_facets holds as words, as one text-search query (each
 * term any of its words, all terms together), and which filters it says; undefined when it holds
 * none of them. The same tests as programmeWhere's conditions: a minimum margin only at a floor
 * the catalogue offers (the words are per floor), a maximum commitment only of none.
 */
export function facetsAsked(query: ListingQuery, numbersFor: TermsVisibility[]): { text: string; says: Set<keyof ListingQuery> } | undefined {
  const { minMargin } = query;
  const terms: [keyof ListingQuery, string[] | undefined][] = [
    ['programme', query.programme?.map(facet.type)],
    ['whiteLabel', query.whiteLabel === undefined ? undefined : query.whiteLabel === 'full' ? [facet.whiteLabel('full')] : [facet.whiteLabel('full'), facet.whiteLabel('partial')]],
    ['minMargin', minMargin !== undefined && (marginFloors as readonly number[]).includes(minMargin) ? numbersFor.map((visibility) => facet.margin(visibility, minMargin)) : undefined],
    ['maxCommitment', query.maxCommitment === 0 ? [facet.monthToMonth] : undefined],
    ['billing', query.billing === undefined ? undefined : [facet.billing(query.billing)]],
    ['trial', query.trial === undefined ? undefined : [facet.trial]],
    ['territory', query.territory === undefined ? undefined : [facet.territory(query.territory), facet.worldwide]],
    ['verified', query.verified === undefined ? undefined : [facet.verified]],
  ];
  const asked = terms.filter((term): term is [keyof ListingQuery, string[]] => term[1] !== undefined && term[1].length > 0);
  if (asked.length === 0) return undefined;
  const text = asked.map(([, words]) => `(${words.map((word) => `'${word}'`).join(' | ')})`).join(' & ');
  return { text, says: new Set(asked.map(([key]) => key)) };
}

/**
 * The filter of the listing's programme, for catalogueWhere: undefined when none is asked.
 *
 * For rows (pages, searches, a search's count) it says the listing has a programme
 * (programme_types is not null), which lets the planner read listings_programme_browse_idx and
 * the sort indexes, whose entries are the listings with one, and it tests the types as an array,
 * which those indexes hold.
 *
 * `forTermsCount` is the same filter for a list's capped count, when asksOnlyTerms or
 * asksOnlyTerritory: it says so by programme_type_set instead, the predicate of
 * listings_programme_terms_idx and listings_programme_territories_idx, and tests the types by
 * that number, an index range there. No other statement states that predicate, so the planner
 * never ANDs those small indexes with a common word's whole full-text entry in a search, which
 * it judged cheaper than walking the browse index and was four times slower.
 *
 * `inOrder` is the same filter for a search's walk in the catalogue's order (readWalk's
 * `inOrder`): the margin is tested so that it implies no margin, which keeps PostgreSQL off
 * listings_programme_margin_idx, whose range it reads whole and sorts where it misjudges it narrow
 * (it takes the programme's columns as independent, and they are null together), and on
 * listings_programme_browse_idx, walked in order and stopped at the walk's length. "design" among
 * services with a public margin of 20 % or more: 9,360 margin entries read and sorted for a walk
 * of 1,587, 11.8 ms; 6.5 walked in order.
 *
 * `fullText` is the same filter for a search's reads that gather their matches from the full-text
 * indexes (ReadScope.fullTextFilters): the terms programme_facets holds as words are one
 * text-search test (facetsAsked), which those indexes answer beside the words; any other term is
 * tested as for rows. A listing without a programme has no words there, so nothing else says it
 * has one.
 *
 * `typeWalk` is the same filter for a search's walk of one type's own index as whole rows
 * (termsWalkForm): the types are tested by their bits of programme_type_set, the predicate of
 * listings_programme_<type>_idx, which no other form states; any other term as for rows.
 *
 * The filter sample tests the same filters on its sampled rows (filter-sample.ts,
 * passesProgramme), and programme_facets says the same terms (src/db/programme-facets.ts): change
 * all three.
 */
export function programmeWhere(query: ListingQuery, numbersFor: TermsVisibility[], form: ProgrammeWhereForm = 'rows'): SQL | undefined {
  if (!asksProgramme(query)) return undefined;
  const forTermsCount = form === 'termsCount';
  const facets = form === 'fullText' ? facetsAsked(query, numbersFor) : undefined;
  const said = (key: keyof ListingQuery) => facets?.says.has(key) === true;
  const types = said('programme') ? undefined : query.programme;
  // The predicate of the types' own indexes, which no other form states; a listing without a
  // programme has no type set, so it also says the listing has one.
  const typeBits = form === 'typeWalk' && types !== undefined ? or(...types.map((programmeType) => sql`(${l.programmeTypeSet} & ${sql.raw(String(programmeTypeBit(programmeType)))}) <> 0`)) : undefined;
  return and(
    facets ? sql`${l.programmeFacets} @@ ${facets.text}::tsquery` : forTermsCount ? isNotNull(l.programmeTypeSet) : typeBits ? undefined : isNotNull(l.programmeTypes),
    types === undefined ? undefined : forTermsCount ? inArray(l.programmeTypeSet, typeSetsWithAny(types)) : (typeBits ?? arrayOverlaps(l.programmeTypes, types)),
    query.whiteLabel === undefined || said('whiteLabel') ? undefined : query.whiteLabel === 'full' ? eq(l.programmeWhiteLabelLevel, 'full') : inArray(l.programmeWhiteLabelLevel, ['full', 'partial']),
    query.minMargin === undefined || said('minMargin')
      ? undefined
      : and(
          // Without a margin the test is false either way: minMargin is never negative.
          form === 'inOrder' ? sql`coalesce(${l.programmeMarginPercent}, -1) >= ${query.minMargin}` : gte(l.programmeMarginPercent, query.minMargin),
          inArray(l.programmeVisibility, numbersFor),
        ),
    query.maxCommitment === undefined || said('maxCommitment') ? undefined : lte(l.programmeCommitmentMonths, query.maxCommitment),
    query.billing === undefined || said('billing') ? undefined : eq(l.programmeBillingModel, query.billing),
    query.trial === undefined || said('trial') ? undefined : eq(l.programmeTrial, true),
    // An empty list is worldwide. Compared with the empty array (every empty array is equal),
    // not by its cardinality: the planner then reads the column's statistics (half the
    // programmes are worldwide) where it took 0.5 % for the function.
    query.territory === undefined || said('territory') ? undefined : or(sql`${l.programmeTerritories} = '{}'::text[]`, arrayContains(l.programmeTerritories, [query.territory])),
    query.verified === undefined || said('verified') ? undefined : isNotNull(l.programmeVerifiedAt),
    query.sort === undefined ? undefined : sortable(query.sort, numbersFor),
  );
}

/**
 * One page of a sorted list, highest figure first, then the newest listing: a walk of the figure's
 * index on listings (listings_programme_margin_idx, _earnings_idx, _verified_idx), which holds
 * the type, status and every filter column, until the page is full. Only listings that have the
 * figure are in a sorted list (programmeWhere), so no row sorts on a null.
 */
export async function findSortedPageIds(db: Executor, where: SQL, sort: ListingSort, page: Page): Promise<number[]> {
  const column = sortColumn(sort);
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(where)
    .orderBy(sql`${column} desc nulls last`, desc(listings.createdAt), desc(listings.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => row.id);
}
