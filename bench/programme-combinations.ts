/**
 * Every partner-programme filter and sort, alone and under each of six common words, of both
 * types, timed over HTTP by one user at a time (wrk, a second each, compression accepted): the
 * combinations a visitor makes, beyond the two of each row in `npm run bench`. Run it against a
 * server started with READ_CACHE_SECONDS=0 and PUBLIC_READ_RATE_LIMIT_PER_MINUTE=0 on a database
 * filled with `npm run seed:bulk`; it prints how many combinations reach 15 ms at p95, and the
 * slowest.
 *
 *   BASE=http://127.0.0.1:3000 npx tsx bench/programme-combinations.ts [--top 25]
 */
import { parseArgs } from 'node:util';
import { timeOneAtATime } from './wrk';

const { values } = parseArgs({ options: { top: { type: 'string', default: '25' } } });
const base = process.env.BASE;
if (!base) throw new Error('Set BASE to a running server, e.g. http://127.0.0.1:3000');

const programmeQueries = [
  'programme=white_label_resale',
  'programme=affiliate',
  'programme=referral,affiliate',
  'whiteLabel=full',
  'whiteLabel=partial',
  'minMargin=20',
  'minMargin=30',
  'minMargin=40',
  'minMargin=60',
  'maxCommitment=0',
  'billing=provider_bills_client',
  'trial=true',
  'territory=DE',
  'verified=true',
  'sort=margin',
  'sort=earnings',
  'sort=verified',
];
// No word, then the generated catalogue's common words.
const words = ['', 'seo', 'marketing', 'email', 'crm', 'agency', 'design'];

const timed: { p50: number; p95: number; path: string }[] = [];
for (const type of ['services', 'tools']) {
  for (const programme of programmeQueries) {
    for (const word of words) {
      const path = `/api/${type}?${word ? `search=${word}&` : ''}${programme}`;
      const { p50, p95 } = timeOneAtATime({ base, paths: [path], headers: { 'accept-encoding': 'gzip, deflate, br' }, seconds: 1 });
      timed.push({ p50, p95, path });
    }
  }
}

timed.sort((a, b) => b.p95 - a.p95);
const reaching = (ms: number) => timed.filter((row) => row.p95 >= ms).length;
const median = timed[Math.floor(timed.length / 2)]!.p95;
console.log(`${timed.length} combinations: p95 >= 15 ms ${reaching(15)}, >= 20 ms ${reaching(20)}; median p95 ${median.toFixed(1)} ms`);
for (const row of timed.slice(0, Number(values.top))) console.log(`${row.p50.toFixed(1).padStart(6)} ${row.p95.toFixed(1).padStart(6)}  ${row.path}`);
