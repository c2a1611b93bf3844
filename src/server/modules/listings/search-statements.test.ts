import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { withSentStatements } from '../../../../test/sent-statements';
import { listingQuerySchema } from '../../../shared/schemas/listing-query';
import type { ListingType } from '../../../shared/types';
import { findCataloguePage } from './catalogue.queries';
import { forgetCatalogueWords } from './search-words.queries';

// The statement shapes a search sends, checked in as .sql files beside this test
// (__statements__/), so that a change of shape shows in review; and how many statements one
// search waits for. Words and filter values are bound parameters: a shape depends only on which
// filters are asked. The cards are read by one prepared statement (listings.queries.ts), not
// through db.execute, so it is counted apart: every search sends at most the vocabulary look-up
// (with the synonyms), the candidate statement, the same statement again for a relaxed search
// when no listing has every word, and the cards, 4 round trips; a category's tree is read beside
// the look-up.
const { app, db } = await createTestApp();
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'services', name: 'SEO' });
await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, title: 'SEO audit', price: '100.00' });

const shapes: [name: string, type: ListingType, query: string][] = [
  ['search', 'services', 'search=seo audit'],
  ['search-with-own-filters', 'services', `search=seo&maxPrice=500&minPrice=10&rating=4&deliveryTime=1,2&categoryId=${category.id}`],
  ['search-with-programme-filters', 'services', 'search=seo&programme=referral&whiteLabel=full&minMargin=30&maxCommitment=0&billing=provider_bills_agency&trial=1&territory=DE&verified=1'],
];

const sent = async (type: ListingType, query: string) => {
  forgetCatalogueWords(db);
  return withSentStatements(db, () => findCataloguePage(db, type, listingQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)))));
};

describe('the statements a search sends', () => {
  it.each(shapes)('%s: the vocabulary look-up and one candidate statement, as checked in', async (name, type, query) => {
    const { statements: all, result } = await sent(type, query);
    expect(result.rows.length).toBeGreaterThanOrEqual(0);
    // A category's tree is read beside the vocabulary look-up, so the search waits no longer.
    const tree = all.filter((statement) => statement.includes('with recursive tree'));
    const statements = all.filter((statement) => !tree.includes(statement));
    expect(tree).toHaveLength(query.includes('categoryId=') ? 1 : 0);
    if (tree.length > 0) await expect(`${tree[0]}\n`).toMatchFileSnapshot(`./__statements__/${name}.category-tree.sql`);
    expect(statements).toHaveLength(2);
    await expect(`${statements[0]}\n`).toMatchFileSnapshot(`./__statements__/${name}.vocabulary.sql`);
    await expect(`${statements[1]}\n`).toMatchFileSnapshot(`./__statements__/${name}.sql`);
  });

  it('relaxes a search no listing has every word of with the candidate statement again: its shape, other words', async () => {
    const { statements, result } = await sent('services', 'search=seo zebra');
    expect(result.relaxedTo).toEqual(['seo']);
    expect(result.rows.map((row) => row.listing.title)).toEqual(['SEO audit']);
    expect(statements).toHaveLength(3);
    expect(statements[2]).toBe(statements[1]);
    await expect(`${statements[1]}\n`).toMatchFileSnapshot('./__statements__/search.sql');
  });

  it('sends only the candidate statement for words the server already knows', async () => {
    await sent('services', 'search=seo audit');
    const { statements } = await withSentStatements(db, () => findCataloguePage(db, 'services', listingQuerySchema.parse({ search: 'seo audit' })));
    expect(statements).toHaveLength(1);
  });
});
