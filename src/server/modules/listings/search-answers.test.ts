import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answerCorpus, type CorpusAnswer, seedCorpusCatalogue, searchCorpus } from '../../../../test/search-corpus';
import { openTestDatabase } from '../../../../test/test-database';

// Search answers what it answered when test/fixtures/search-answers.json was made, on both
// engines: the same pages, in the same order, with the same totals, for every search of the
// corpus (words, typos, names, filters, categories, pages up to and past the window). How search
// reads may change; what it answers may not, unless the fixture is remade on purpose and the
// change explained in its commit.

const expected = JSON.parse(readFileSync(new URL('../../../../test/fixtures/search-answers.json', import.meta.url), 'utf8')) as CorpusAnswer[];

describe('search answers on a fixed corpus', async () => {
  const database = await openTestDatabase();
  await seedCorpusCatalogue(database.db);
  const answers = await answerCorpus(database.db);
  await database.close();

  it('covers the whole corpus, with searches that overflow the window and pages past it', () => {
    expect(expected.map(({ type, query }) => ({ type, query }))).toEqual(searchCorpus);
    expect(expected.filter((answer) => !answer.totalExact).length).toBeGreaterThanOrEqual(10);
  });

  it.each(expected.map((answer, index) => [`${answer.type} ?${answer.query}`, index] as const))('%s', (_name, index) => {
    expect(answers[index]).toEqual(expected[index]);
  });
});
