import { type SQL, sql } from 'drizzle-orm';

/**
 * A category tree to walk category by category: its categories as the statement finds them
 * (categoryTree), and the ones the server takes it to hold (`known`: the filter sample's, up to a
 * minute old).
 */
export type CategoryTree = { tree: SQL; known: readonly number[] };

const byBrowseOrder = sql`order by is_featured desc, created_at desc, id desc`;

/**
 * Planning a branch of the merged walks costs about as much as walking this many listings: at
 * 100,000 listings, a page of Marketing Services (five categories) merged was planned in 1.9-2.1
 * ms (six branches) and walked apart in 0.4-0.7 ms, and the walks apart read about 1.1 µs a
 * listing (its page at 960: 4,920 listings, 5.3-6.0 ms).
 */
const BRANCH_PLANNING_LISTINGS = 300;

/**
 * Whether merging the walks of `categories` categories pays, where each walked apart passes
 * `passes` listings: merged, they pass about one walk's worth, for a planning of one branch more
 * than the categories. A page of a tree of five merges from about the 450th listing, a search's
 * window (501 matches, thousands passed) always; a tree of one never.
 */
export function mergesWalks(categories: number, passes: number): boolean {
  return categories > 1 && (categories - 1) * passes > BRANCH_PLANNING_LISTINGS * (categories + 1);
}

/**
 * The first `limit` listings of a category tree in the browse order (featured, newest, id), as a
 * statement's text, each category walked newest first through listings_browse_category_idx.
 * PostgreSQL keeps no order across the values of `category_id = any(...)`, so the tree cannot be
 * one walk. Apart, each category is walked to `limit` and the first of all kept. Merged (where
 * mergesWalks, `passes` being what a walk apart passes), each category the server knows is
 * walked in a branch of a UNION ALL of its own, which PostgreSQL merges (Merge Append), pulling
 * from each walk only as far as the merged order needs: the walks together pass about one walk's
 * listings ("crm" in Marketing Services: 10,899 -> 2,213 buffers at 100,000 listings).
 *
 * Merged, the statement checks the known categories against the tree as it is: one no longer in
 * it walks nothing (its branch's one-time test), and those of the tree the server does not know
 * yet are walked apart in one more branch (none, unless a category was added or moved within the
 * minute).
 *
 * `walk(category)`: the selected columns (`id`, `is_featured` and `created_at` among them) of one
 * category's listings, ending with its WHERE, which names `category` as the category.
 */
export function walkCategoryTree({ tree, known }: CategoryTree, walk: (category: SQL) => SQL, limit: number, passes = limit): SQL {
  const apart = (categories: SQL) => sql`select walked.* from unnest(${categories}) as subtree(category_id)
    cross join lateral (${walk(sql`subtree.category_id`)} ${byBrowseOrder} limit ${limit}) as walked ${byBrowseOrder} limit ${limit}`;
  if (!mergesWalks(known.length, passes)) return apart(tree);
  const inTree = sql`(select ids from in_tree)::integer[]`;
  const knownWalks = known.map((id) => sql`(${walk(sql`${id}::integer`)} and ${id}::integer = any(${inTree}) ${byBrowseOrder} limit ${limit})`);
  const knownIds = sql`array[${sql.join(
    known.map((id) => sql`${id}`),
    sql`, `,
  )}]::integer[]`;
  const unknownWalks = sql`(${apart(sql`array(select unnest(${inTree}) except select unnest(${knownIds}))`)})`;
  return sql`with in_tree as materialized (select ${tree} as ids)
    select * from (${sql.join([...knownWalks, unknownWalks], sql` union all `)}) as merged ${byBrowseOrder} limit ${limit}`;
}
