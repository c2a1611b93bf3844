import type { RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { testConfig } from '../../src/server/config';
import { whenScreenshotsIdle } from '../../src/server/modules/screenshots/screenshots.service';
import { openTestDatabase } from '../test-database';
import { FuzzWorld, type Role, roleFor } from './fuzz-world';
import { csvBody, junkParam, junkText, junkValue, type RawBody, rawBody } from './junk';
import { jsonSchemaOf, nearValidArbitrary, validArbitrary } from './schema-arbitrary';
import { changedTables, tableChecksums, walPosition } from './table-checksums';

/**
 * Abuse at scale: every POST/PUT/PATCH/DELETE route the app registers (found as it registers them,
 * so a new route is fuzzed without touching this file) gets generated bodies and path parameters:
 * valid ones built from the route's own zod schema, near-valid ones with one thing wrong, and junk.
 * No answer may be a 5xx, every refusal is JSON {"message"}, and a refused request stores nothing:
 * every table's digest is the same after a 4xx as before it.
 */

// FUZZ_BODIES shortens a local run; CI and `npm test` use the full 10,000.
const TOTAL_BODIES = Number(process.env.FUZZ_BODIES ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];
const FIXTURE = Symbol('the record the world keeps for this parameter');

/**
 * Tables that refused requests change by design: every counted request, refused or not, bumps its
 * rate-limit counter; a failed sign-in records its backoff, and the one that locks the account
 * queues a mail to its owner.
 */
const COUNTERS = ['rate_limit_counters'];
/**
 * Tables a timer writes, whatever the requests do: the trending scores are recomputed every minute
 * by whichever server claims the job (job_claims). A 10,000-request run lasts minutes, so a refresh
 * lands between a refusal and its check, and would read as "refused but stored".
 */
const BACKGROUND = ['job_claims', 'trending_scores'];
const REFUSALS_THAT_WRITE: Record<string, string[]> = { 'POST /api/login': ['login_throttles', 'outbox'] };

type WriteRoute = { method: string; url: string; body: unknown; params: unknown; query: unknown };
type Body = { json: unknown } | RawBody;
type Case = { body: Body; params: Record<string, string | typeof FIXTURE>; query: string; asVisitor: boolean };

const routes: WriteRoute[] = [];
const config = testConfig({ authRateLimitPerMinute: 100_000 });
const database = await openTestDatabase();
const app = await buildApp({
  config,
  database,
  onRoute: (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (WRITE_METHODS.includes(method)) {
        routes.push({ method, url: route.url, body: route.schema?.body, params: route.schema?.params, query: route.schema?.querystring });
      }
    }
  },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

function caseArbitrary(route: WriteRoute, world: FuzzWorld): fc.Arbitrary<Case> {
  const schema = jsonSchemaOf(route.body);
  const hints = world.hints();
  const json = (value: fc.Arbitrary<unknown>) => value.map((v): Body => ({ json: v }));
  // A body declared as plain text is a file upload (the CSV imports): mostly CSV, built from what the site exports.
  const body: fc.Arbitrary<Body> = schema?.type === 'string'
    ? fc.oneof({ weight: 4, arbitrary: csvBody(world.csvSamples()) }, { weight: 1, arbitrary: rawBody }, { weight: 1, arbitrary: json(junkValue) })
    : schema
    ? fc.oneof(
        { weight: 4, arbitrary: json(validArbitrary(schema, hints)) },
        { weight: 4, arbitrary: json(nearValidArbitrary(schema, hints)) },
        { weight: 1, arbitrary: json(junkValue) },
        { weight: 1, arbitrary: rawBody },
      )
    : fc.oneof(rawBody, json(junkValue));

  const paramsSchema = jsonSchemaOf(route.params);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  const params = fc.record(
    Object.fromEntries(
      names.map((name) => {
        const choices = paramsSchema?.properties?.[name]?.enum as string[] | undefined;
        const good = choices ? fc.constantFrom(...choices) : fc.constant(FIXTURE);
        return [name, fc.oneof({ weight: 9, arbitrary: good }, { weight: 1, arbitrary: junkParam })];
      }),
    ) as Record<string, fc.Arbitrary<string | typeof FIXTURE>>,
  );
  const querySchema = jsonSchemaOf(route.query);
  const query = querySchema
    ? fc.oneof(
        { weight: 4, arbitrary: validArbitrary(querySchema, hints).map((value) => queryString(value)) },
        { weight: 1, arbitrary: fc.dictionary(fc.constantFrom('dryRun', 'type', 'limit', 'x'), junkText, { maxKeys: 2 }).map(queryString) },
      )
    : fc.constant('');
  return fc.record({ body, params, query, asVisitor: fc.nat(9).map((n) => n === 0) });
}

function queryString(value: unknown): string {
  if (typeof value !== 'object' || value === null) return '';
  const entries = Object.entries(value).filter(([, v]) => v !== undefined).map(([k, v]) => [k, String(v)]);
  return entries.length > 0 ? `?${new URLSearchParams(entries).toString()}` : '';
}

function request(route: WriteRoute, world: FuzzWorld, fuzzCase: Case, role: Role) {
  const url = route.url.replace(/:(\w+)/g, (_, name: string) => {
    const value = fuzzCase.params[name];
    return value === FIXTURE || value === undefined ? encodeURIComponent(world.paramValue(route.url, name)) : value;
  });
  const headers: Record<string, string> = {};
  const target = `${url}${fuzzCase.query}`;
  const cookie = world.cookieFor(role);
  if (cookie) headers.cookie = cookie;
  const { body } = fuzzCase;
  let payload: string | undefined;
  if ('json' in body) {
    payload = JSON.stringify(body.json) ?? 'null';
    headers['content-type'] = 'application/json';
  } else if ('raw' in body) {
    payload = body.raw;
    headers['content-type'] = body.contentType;
  }
  return { method: route.method as 'POST', url: target, headers, payload };
}

function jsonMessage(text: string): unknown {
  try {
    return (JSON.parse(text) as { message?: unknown }).message;
  } catch {
    return undefined;
  }
}

const describeBody = (body: Body) => {
  const text = 'json' in body ? JSON.stringify(body.json) : 'raw' in body ? `${body.contentType}: ${body.raw}` : '(no body)';
  return text && text.length > 300 ? `${text.slice(0, 300)}... (${text.length} characters)` : text;
};

it(`${TOTAL_BODIES} generated requests to every write route: no 5xx, and a refused one stores nothing`, { timeout: 25 * 60_000 }, async () => {
  const prototypeKeys = Object.getOwnPropertyNames(Object.prototype).sort();
  const world = new FuzzWorld(app, database.db);
  await world.create();
  const checksums = await tableChecksums(database.db, [...COUNTERS, ...BACKGROUND]);

  // Sorted so that a seed replays the same run.
  routes.sort((a, b) => `${a.url} ${a.method}`.localeCompare(`${b.url} ${b.method}`));
  expect(routes.length).toBeGreaterThan(10);

  const started = { at: performance.now(), cpu: process.cpuUsage() };
  const problems: string[] = [];
  const statuses = new Map<string, Map<number, number>>();
  let tried = 0;
  let current = await checksums();
  let wal = await walPosition(database.db);

  for (const [index, route] of routes.entries()) {
    const name = `${route.method} ${route.url}`;
    const runs = Math.floor(TOTAL_BODIES / routes.length) + (index < TOTAL_BODIES % routes.length ? 1 : 0);
    const counts = new Map<number, number>();
    statuses.set(name, counts);
    const cases = fc.sample(caseArbitrary(route, world), { numRuns: runs, seed: seed + index });
    const ownRole = roleFor(route.method, route.url);

    for (const fuzzCase of cases) {
      tried++;
      const role = fuzzCase.asVisitor ? 'visitor' : ownRole;
      const sent = request(route, world, fuzzCase, role);
      const response = await app.inject(sent);
      const status = response.statusCode;
      counts.set(status, (counts.get(status) ?? 0) + 1);
      const what = () => `${name} as ${role} -> ${status} ${response.body.slice(0, 200)}\n  url ${sent.url}\n  body ${describeBody(fuzzCase.body)}`;

      if (status >= 500) problems.push(`5xx: ${what()}`);
      if (status >= 400) {
        const message = jsonMessage(response.body);
        if (typeof message !== 'string' || message === '') problems.push(`refusal without a message: ${what()}`);
        if ((await walPosition(database.db)) !== wal) {
          const after = await checksums();
          const allowed = REFUSALS_THAT_WRITE[name] ?? [];
          const changed = changedTables(current, after).filter((table) => !allowed.includes(table));
          if (changed.length > 0) problems.push(`refused but stored (${changed.join(', ')}): ${what()}`);
          current = after;
        }
      } else {
        await whenScreenshotsIdle();
        // Not only DELETEs remove things: POST /api/profile/delete removes the member.
        await world.restore();
        current = await checksums();
      }
      wal = await walPosition(database.db);
      if (problems.length >= 20) break;
    }
    if (problems.length >= 20) break;
  }

  const lines = [...statuses].map(([name, counts]) => {
    const byStatus = [...counts].sort(([a], [b]) => a - b).map(([status, count]) => `${status}x${count}`);
    return `  ${name.padEnd(48)} ${byStatus.join(' ')}`;
  });
  const fiveHundreds = problems.filter((problem) => problem.startsWith('5xx')).length;
  const cpu = process.cpuUsage(started.cpu);
  const seconds = (performance.now() - started.at) / 1000;
  console.log(
    `Fuzz (seed ${seed}): ${tried} requests over ${routes.length} write routes, ${fiveHundreds} answered 5xx, ` +
      `${seconds.toFixed(0)} s (${((cpu.user + cpu.system) / 1e6).toFixed(0)} s of CPU)\n${lines.join('\n')}`,
  );

  expect(problems, `replay with FUZZ_SEED=${seed}`).toEqual([]);
  expect(tried).toBe(TOTAL_BODIES);
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeKeys);

  // Each route's role reached it: some answer was neither 401 nor 403 (otherwise roleFor needs a rule).
  const unreached = [...statuses].filter(([, counts]) => [...counts.keys()].every((status) => status === 401 || status === 403));
  expect(unreached.map(([name]) => name)).toEqual([]);
});
