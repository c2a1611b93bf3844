import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { fillMissingProgrammeCaches } from '../../../db/partner-programme-caches';
import { findMissingScreenshots } from './screenshots.queries';

// What every server looks up at start-up (and the screenshots every ten minutes) must not read
// the whole listings or programmes table: at 1,000,000 listings, after a restart of PostgreSQL,
// those scans took seconds each, against the start-up's time limit. Sequential scans are turned
// off for the look-ups, so each must find an index that answers it, and the transaction's own
// index statistics tell which ones it used.

const { db } = await createTestApp();


/** The indexes `lookUp` scanned: their scans counted by this backend, before and after it. */
async function indexesUsedBy(lookUp: (tx: Parameters<Parameters<typeof db.transaction>[0]>[0]) => Promise<unknown>): Promise<string[]> {
  return db.transaction(async (tx) => {
    const scans = async () => {
      const result = await tx.execute(sql`select relname, pg_stat_get_xact_numscans(oid)::int as scans from pg_class where relkind = 'i' and relnamespace = 'public'::regnamespace`);
      return new Map((result as unknown as { rows: { relname: string; scans: number }[] }).rows.map((row) => [row.relname, Number(row.scans)]));
    };
    await tx.execute(sql`set local enable_seqscan = off`);
    const before = await scans();
    await lookUp(tx);
    const after = await scans();
    return [...after].filter(([name, count]) => count > (before.get(name) ?? 0)).map(([name]) => name).sort();
  });
}

describe('start-up look-ups', () => {
  it('finds the tools missing a screenshot, live or proposed, through their partial indexes', async () => {
    expect(await indexesUsedBy((tx) => findMissingScreenshots(tx, 100))).toEqual(['listings_missing_screenshot_idx', 'listings_pending_tools_idx']);
  });

  it('finds the programmes whose caches are not computed yet through their partial index', async () => {
    expect(await indexesUsedBy((tx) => fillMissingProgrammeCaches(tx))).toEqual(['partner_programmes_uncached_idx']);
  });
});
