import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createCategory, createListing } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';
import { users } from './schema/users';
import { analyzeChangedTables, type RunSql } from './statistics';

const database = await openTestDatabase();
afterAll(() => database.close());
const run: RunSql = async (text) => ((await database.db.execute(text)) as unknown as { rows: Record<string, unknown>[] }).rows;

describe('planner statistics at start-up', () => {
  it('analyzes tables never analyzed, then nothing until a table grows past the threshold', async () => {
    expect(await database.analyzeStale()).toContain('listings');
    expect(await database.analyzeStale()).toEqual([]);

    const [user] = await database.db.insert(users).values({ id: randomUUID(), slug: 'p', email: 'p@example.test', firstName: 'P', lastName: 'Q', isProvider: true }).returning();
    const category = await createCategory(database.db, { type: 'tools' });
    for (let i = 0; i < 60; i += 1) await createListing(database.db, { type: 'tools', categoryId: category.id, providerId: user!.id });
    expect(await database.analyzeStale()).toEqual(expect.arrayContaining(['listings']));
    expect(await database.analyzeStale()).toEqual([]);
  });

  it('before closing, analyzes what this process changed past the threshold, updates included', async () => {
    await database.analyze();
    // PostgreSQL counts changes when each connection flushes its statistics (up to a second late), so
    // the inserts above may arrive after the analyze; what it reports it analyzes, then nothing is left.
    await expect.poll(async () => analyzeChangedTables(run), { timeout: 5_000 }).toEqual([]);
    await run('update listings set view_count = view_count + 1');
    await run('update listings set view_count = view_count + 1');
    // 120 changed rows of 60 (PostgreSQL counts them once its statistics collector has flushed).
    await expect.poll(async () => analyzeChangedTables(run), { timeout: 5_000 }).toContain('listings');
  });
});
