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

  it("knows that a listing's programme copies are set together (migration programme-presence-statistics)", async () => {
    const category = await createCategory(database.db, { type: 'services' });
    const [provider] = await database.db.insert(users).values({ id: randomUUID(), slug: 'together', email: 'together@example.test', firstName: 'T', lastName: 'G', isProvider: true }).returning();
    await run(
      `insert into listings (type, slug, title, description, status, provider_id, category_id)
       select 'services', 'together-' || n, 'Together ' || n, 'A listing', 'approved', '${provider!.id}', ${category.id} from generate_series(1, 200) as n`,
    );
    // Half of them with a public programme; the copies are the trigger's to write, set here directly.
    await run("update listings set programme_types = '{referral}', programme_visibility = 'public' where slug like 'together-%' and right(slug, 1) in ('0', '2', '4', '6', '8')");
    await database.analyze();
    const estimate = async (where: string) => {
      const [row] = await run(`explain (format json) select 1 from listings where ${where}`);
      return (row!['QUERY PLAN'] as { Plan: { 'Plan Rows': number } }[])[0]!.Plan['Plan Rows'];
    };
    const [counted] = await run("select count(*)::int as actual from listings where type = 'services' and programme_visibility = 'public' and programme_types is not null");
    const actual = counted!.actual as number;
    expect(actual).toBe(100);
    // Taken as independent, each condition would halve the other's count (about 50).
    expect(await estimate("type = 'services' and programme_visibility = 'public' and programme_types is not null")).toBeGreaterThanOrEqual(0.8 * actual);
  });
});
