/**
 * Time and peak memory of the saved searches' digests at catalogue scale: fills a scratch
 * database with N listings (the demo catalogue plus the bulk generator, as `npm run bench` does),
 * adds members with S saved searches of mixed filters (words, partner terms, categories, prices),
 * puts L listings live again (the trigger records them as new), makes every search due and runs
 * the digest pass in this process until none is due, then once more with nothing new.
 *
 *   npx tsx bench/alert-digests.ts [--listings 100000] [--searches 10000] [--live 1000]
 *
 * On PostgreSQL when DATABASE_URL is set (a scratch database beside it), else PGlite. Memory is
 * this process's peak resident set during the pass (Linux: VmHWM, reset before it). The figures
 * are in docs/benchmarks.md.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase } from '../src/db/client';
import { savedSearches } from '../src/db/schema/alerts';
import { categories } from '../src/db/schema/categories';
import { listings } from '../src/db/schema/listings';
import { outbox } from '../src/db/schema/messages';
import { users } from '../src/db/schema/users';
import { testConfig } from '../src/server/config';
import { sendDueDigests } from '../src/server/modules/alerts/alerts.service';
import { createMailer } from '../src/server/modules/mail/mailer';
import { createScratchDatabase, fillScratchDatabase } from './scratch-database';

const { values } = parseArgs({ options: { listings: { type: 'string', default: '100000' }, searches: { type: 'string', default: '10000' }, live: { type: 'string', default: '1000' } } });
const listingCount = Number(values.listings);
const searchCount = Number(values.searches);
const liveCount = Number(values.live);
const SEARCHES_PER_MEMBER = 10;

const peakMb = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))![1]) / 1024);
const silent = { info() {}, warn() {}, error() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent' } as unknown as FastifyBaseLogger;

const scratch = await createScratchDatabase(process.env.DATABASE_URL);
try {
  console.log(`Seeding ${listingCount.toLocaleString('en-US')} listings into a scratch ${scratch.engine} database...`);
  await fillScratchDatabase(scratch, listingCount, console.log);
  const database = await openDatabase(scratch.env.DATABASE_URL ? { url: scratch.env.DATABASE_URL } : { dataDir: path.join(scratch.env.DATA_DIR!, 'pglite') });
  const { db } = database;
  try {
    const categoryRows = await db.select({ id: categories.id, type: categories.type, slug: categories.slug }).from(categories);
    const members = Array.from({ length: Math.ceil(searchCount / SEARCHES_PER_MEMBER) }, (_, i) => ({ id: randomUUID(), slug: `digest-bench-${i}`, email: `digest-bench-${i}@example.test`, firstName: 'Bench' }));
    for (let i = 0; i < members.length; i += 1000) await db.insert(users).values(members.slice(i, i + 1000));
    // A mix of what members save: plain lists, words, partner terms, categories, prices.
    const shapes: ((i: number) => Record<string, string>)[] = [
      () => ({}),
      () => ({ search: 'seo' }),
      () => ({ search: 'email marketing' }),
      () => ({ programme: 'white_label_resale', minMargin: '40' }),
      () => ({ minMargin: '30', maxCommitment: '12' }),
      () => ({ billing: 'provider_bills_agency', whiteLabel: 'full' }),
      (i) => ({ categoryId: String(categoryRows[i % categoryRows.length]!.id) }),
      (i) => ({ categoryId: String(categoryRows[i % categoryRows.length]!.id), minMargin: '20' }),
      () => ({ maxPrice: '500' }),
      () => ({ search: 'crm', sort: 'margin' }),
    ];
    const rows = Array.from({ length: searchCount }, (_, i) => {
      const filters = shapes[i % shapes.length]!(i);
      const type = filters.categoryId ? categoryRows[i % categoryRows.length]!.type : i % 2 === 0 ? 'tools' : 'services';
      return { userId: members[Math.floor(i / SEARCHES_PER_MEMBER)]!.id, name: `Search ${i}`, type, address: `/${type}`, filters, frequency: 'daily' as const, lastDigestAt: sql`now()`, nextDigestAt: sql`now() - interval '1 second'` };
    });
    for (let i = 0; i < rows.length; i += 1000) await db.insert(savedSearches).values(rows.slice(i, i + 1000));

    // L listings go live now: taken down and approved again, which the trigger records.
    const picked = await db.select({ id: listings.id }).from(listings).where(eq(listings.status, 'approved')).orderBy(sql`md5(${listings.id}::text)`).limit(liveCount);
    const ids = picked.map((row) => row.id);
    await db.update(listings).set({ status: 'pending' }).where(inArray(listings.id, ids));
    await db.update(listings).set({ status: 'approved' }).where(inArray(listings.id, ids));
    await database.analyze({ vacuum: false });

    const config = testConfig({ siteUrl: 'https://directory.example' });
    const mailer = createMailer(db, config, silent);
    const pass = async (label: string) => {
      writeFileSync('/proc/self/clear_refs', '5');
      const before = (await db.select({ n: count() }).from(outbox))[0]!.n;
      const started = performance.now();
      let turns = 0;
      for (;;) {
        turns++;
        await sendDueDigests({ db, config, mailer }, 20_000);
        const [due] = await db.select({ n: count() }).from(savedSearches).where(sql`${savedSearches.mailing} and ${savedSearches.nextDigestAt} <= now()`);
        if (due!.n === 0) break;
      }
      const seconds = (performance.now() - started) / 1000;
      const mails = (await db.select({ n: count() }).from(outbox))[0]!.n - before;
      console.log(`| ${label} | ${searchCount.toLocaleString('en-US')} | ${mails.toLocaleString('en-US')} | ${seconds.toFixed(1)} s (${((seconds * 1000) / searchCount).toFixed(2)} ms a search, ${turns} turn(s) of 20 s) | ${peakMb()} MB |`);
    };
    console.log(`${await (async () => (scratch.engine === 'postgres' ? scratch.described() : 'PGlite (embedded)'))()}; ${listingCount.toLocaleString('en-US')} listings, ${liveCount.toLocaleString('en-US')} new`);
    console.log('| pass | saved searches | digests queued | time | peak RSS |\n| --- | ---: | ---: | ---: | ---: |');
    await pass(`${liveCount.toLocaleString('en-US')} listings new`);
    // The bench's own searches only (the demo member's keep their dates).
    await db.update(savedSearches).set({ nextDigestAt: sql`now() - interval '1 second'` }).where(sql`${savedSearches.name} like 'Search %'`);
    await pass('nothing new');
    await mailer.close();
  } finally {
    await database.close();
  }
} finally {
  await scratch.drop();
}
