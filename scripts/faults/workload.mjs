// The fault test's traffic: every kind of write the site makes, beside reads, each acknowledged
// write remembered so that it can be looked for in the database afterwards.
//
// Most writes run in a transaction that holds a pooled connection from BEGIN to COMMIT (a category
// with its audit entry, a review with the listing's rating recomputed, a listing, an import, a user
// created by an administrator); a registration and a favourite are single statements. A database
// that dies under a held connection is the case that once took the whole server down, so the test
// must drive each of them, not only one kind.

export const SESSION_SECRET = 'faults-test-secret-faults-test-secret-0123';
export const ADMIN = { email: 'fault-admin@example.test', password: 'fault-admin-password' };
/** A request still unanswered after this long counts as a hang. */
export const HANG_MS = 10_000;

const runId = Date.now().toString(36);
let serial = 0;
const next = () => `${runId}-${++serial}`;

/** Members who review and save listings: one a worker, so each stays far below 10 reviews a minute. */
const MEMBERS = 6;
/** Live listings to review and save: every (member, listing) pair is written once at most. */
const TARGET_LISTINGS = 12;
/** The reviews route allows 10 a minute per member; a 429 would be a wrong answer here. */
const REVIEWS_PER_MEMBER = 8;
/** Rows per imported file. */
const IMPORT_ROWS = 20;

/** One request; never throws. status 0: no answer (refused, reset); 'hang': no answer in time. */
export async function request(server, method, url, { json, csv, cookie, timeout = HANG_MS, userAgent = 'faults-test' } = {}) {
  const started = performance.now();
  const headers = { 'user-agent': userAgent };
  if (json) headers['content-type'] = 'application/json';
  if (csv) headers['content-type'] = 'text/csv';
  if (cookie) headers.cookie = cookie;
  try {
    const res = await fetch(server.base + url, {
      method,
      headers,
      body: json ? JSON.stringify(json) : csv,
      signal: AbortSignal.timeout(timeout),
    });
    const text = await res.text();
    let body;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    const setCookie = res.headers.getSetCookie().find((line) => line.startsWith('sid='));
    return { status: res.status, json: body, text, cookie: setCookie?.split(';')[0], ms: performance.now() - started };
  } catch (err) {
    const hang = err?.name === 'TimeoutError';
    return { status: hang ? 'hang' : 0, error: String(err?.cause?.code ?? err), ms: performance.now() - started };
  }
}

const registration = (email) => ({ email, password: 'password123', firstName: 'Fault', lastName: 'Test' });

function serviceRows(rows) {
  const header = 'slug,type,title,description,category,priceType,deliveryTime';
  return [header, ...rows.map(({ slug, title, category }) => `${slug},services,${title},Written by the fault test.,${category},fixed,7`)].join('\n') + '\n';
}

async function must(what, res, ok = [200, 201]) {
  if (!ok.includes(res.status)) throw new Error(`fault-test set-up: ${what} answered ${res.status} ${res.error ?? res.text?.slice(0, 300)}`);
  return res;
}

/**
 * Before the fault: the administrator signs in, makes a category and imports live listings, and
 * members register. Run against a healthy server; each call makes new names, so it can run again
 * on the same database (PGlite after a restart).
 */
export async function prepare(server) {
  const admin = (await must('admin sign-in', await request(server, 'POST', '/api/login', { json: ADMIN }))).cookie;
  const category = `fault-${next()}`;
  const created = await must('category', await request(server, 'POST', '/api/categories', { json: { name: `Fault ${category}`, slug: category, type: 'services' }, cookie: admin }));
  const slugs = Array.from({ length: TARGET_LISTINGS }, () => `fault-target-${next()}`);
  await must('listings import', await request(server, 'POST', '/api/admin/import/listings', { csv: serviceRows(slugs.map((slug) => ({ slug, title: `Target ${slug}`, category }))), cookie: admin }));
  // The newest live services, which the import has just added.
  const found = await must('listings', await request(server, 'GET', '/api/admin/listings?type=services&status=approved&limit=100', { cookie: admin }));
  const targets = slugs.map((slug) => found.json?.find?.((row) => row.slug === slug)?.id);
  if (targets.some((id) => typeof id !== 'number')) throw new Error(`fault-test set-up: imported listings not found: ${found.text?.slice(0, 300)}`);
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const res = await must('member registration', await request(server, 'POST', '/api/register', { json: registration(`fault-member-${next()}@example.test`) }));
    members.push({ id: res.json.id, cookie: res.cookie, reviews: 0, nextTarget: i });
  }
  return { admin, category, categoryId: created.json.id, targets, members };
}

/**
 * The writes, one function each: sends one request and returns [answer, what to look for if it was
 * acknowledged]. `worker` is the load worker's index (each has its own member).
 */
export function writeKinds(setup) {
  const { admin, category, categoryId, targets, members } = setup;
  const pairOf = (member, field) => {
    if (member[field] >= targets.length) return undefined;
    const listingId = targets[(member.nextTarget + member[field]) % targets.length];
    member[field]++;
    return listingId;
  };
  return {
    registration: async (server) => {
      const email = `fault-${next()}@example.test`;
      return [await request(server, 'POST', '/api/register', { json: registration(email) }), { kind: 'registration', email }];
    },
    category: async (server) => {
      const slug = `fault-category-${next()}`;
      return [await request(server, 'POST', '/api/categories', { json: { name: `Fault ${slug}`, slug, type: 'services', parentId: categoryId }, cookie: admin }), { kind: 'category', slug }];
    },
    review: async (server, worker) => {
      const member = members[worker % members.length];
      if (member.reviews >= REVIEWS_PER_MEMBER) return undefined;
      const listingId = pairOf(member, 'reviews');
      if (listingId === undefined) return undefined;
      const comment = `Fault review ${next()}`;
      return [await request(server, 'POST', `/api/services/${listingId}/reviews`, { json: { rating: 1 + (serial % 5), comment }, cookie: member.cookie }), { kind: 'review', listingId, userId: member.id, comment }];
    },
    listing: async (server) => {
      const title = `Fault listing ${next()}`;
      const body = { title, description: 'Written by the fault test.', categoryId, priceType: 'fixed', deliveryTime: 7 };
      return [await request(server, 'POST', '/api/services', { json: body, cookie: admin }), { kind: 'listing', title }];
    },
    favourite: async (server, worker) => {
      const member = members[worker % members.length];
      member.favourites ??= 0;
      const listingId = pairOf(member, 'favourites');
      if (listingId === undefined) return undefined;
      return [await request(server, 'POST', `/api/favorites/${listingId}`, { cookie: member.cookie }), { kind: 'favourite', listingId, userId: member.id }];
    },
    // Several rows, so the import's transaction is open long enough to be caught by the fault.
    import: async (server) => {
      const slugs = Array.from({ length: IMPORT_ROWS }, () => `fault-import-${next()}`);
      const csv = serviceRows(slugs.map((slug) => ({ slug, title: `Imported ${slug}`, category })));
      return [await request(server, 'POST', '/api/admin/import/listings', { csv, cookie: admin }), { kind: 'import', slugs }];
    },
    adminUser: async (server) => {
      const id = `fault${next()}`.replaceAll('-', '');
      const email = `fault-user-${next()}@example.test`;
      const body = { id, slug: `fault-user-${id}`.toLowerCase(), email, firstName: 'Invited', lastName: 'User' };
      return [await request(server, 'POST', '/api/admin/users', { json: body, cookie: admin }), { kind: 'adminUser', email }];
    },
  };
}

const reads = ['/api/services?limit=12', '/api/tools?limit=12', '/api/categories', '/api/services/trending', '/api/dashboard/stats'];

/**
 * Six workers send requests until stopped: reads, and writes of every kind in turn (`writeShare`
 * of the requests). Counts the answers; keeps each acknowledged write.
 */
export function createLoad(servers, kinds, { writeShare }) {
  const stats = { sent: 0, ok: 0, unavailable: 0, other: 0, otherSamples: [], hangs: 0, badUnavailable: 0, slowestUnavailableMs: 0, slowestOkMs: 0, slowUnavailable: [], writes: {} };
  const acknowledged = [];
  const kindNames = Object.keys(kinds);
  let turn = 0;
  let running = true;

  async function worker(index) {
    for (let i = 0; running; i++) {
      const server = servers[(index + i) % servers.length];
      const sentAt = new Date().toISOString().slice(11, 23);
      let res;
      let write;
      let label;
      if (Math.random() < writeShare) {
        // Every kind in turn; a kind with nothing left to write (reviews past their limit) passes its turn.
        for (let tries = 0; tries < kindNames.length && !res; tries++) {
          const kind = kindNames[turn++ % kindNames.length];
          const sent = await kinds[kind](server, index);
          if (sent) [res, write, label] = [...sent, kind];
        }
      }
      if (!res) {
        label = reads[i % reads.length];
        res = await request(server, 'GET', label);
      }
      stats.sent++;
      const counts = write ? (stats.writes[label] ??= { sent: 0, ok: 0, unavailable: 0 }) : undefined;
      if (counts) counts.sent++;
      if (typeof res.status === 'number' && res.status >= 200 && res.status < 300) {
        stats.ok++;
        stats.slowestOkMs = Math.max(stats.slowestOkMs, res.ms);
        if (counts) counts.ok++;
        if (write) acknowledged.push(write);
      } else if (res.status === 503) {
        stats.unavailable++;
        if (counts) counts.unavailable++;
        stats.slowestUnavailableMs = Math.max(stats.slowestUnavailableMs, res.ms);
        if (res.ms >= 2000 && stats.slowUnavailable.length < 5) stats.slowUnavailable.push(`${label} ${Math.round(res.ms)} ms, answered at ${new Date().toISOString().slice(11, 23)}`);
        if (typeof res.json?.message !== 'string') stats.badUnavailable++;
      } else {
        stats.other++;
        if (res.status === 'hang') stats.hangs++;
        if (stats.otherSamples.length < 5) stats.otherSamples.push(`${server.label} ${label} sent at ${sentAt}: ${res.status} ${res.error ?? res.text?.slice(0, 160)}`);
        // A server that does not answer at all would make this a hot loop.
        if (res.status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  }
  const workers = Array.from({ length: 6 }, (_, i) => worker(i));
  return {
    stats,
    acknowledged,
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
}

/**
 * The acknowledged writes the database does not hold. `query(text, params)` answers rows, on
 * whichever engine. A review counts as kept if its (listing, member) pair holds that very comment.
 */
export async function missingWrites(query, acknowledged) {
  const has = {
    registration: new Set((await query(`select email from users where email like 'fault-%'`)).map((row) => row.email)),
    category: new Set((await query(`select slug from categories where slug like 'fault-category-%'`)).map((row) => row.slug)),
    review: new Set((await query(`select listing_id, user_id, comment from reviews where comment like 'Fault review %'`)).map((row) => `${row.listing_id}|${row.user_id}|${row.comment}`)),
    listing: new Set((await query(`select title from listings where title like 'Fault listing %'`)).map((row) => row.title)),
    favourite: new Set((await query(`select listing_id, user_id from favorites`)).map((row) => `${row.listing_id}|${row.user_id}`)),
    import: new Set((await query(`select slug from listings where slug like 'fault-import-%'`)).map((row) => row.slug)),
  };
  has.adminUser = has.registration;
  const keyOf = (write) =>
    ({
      registration: write.email,
      adminUser: write.email,
      category: write.slug,
      listing: write.title,
      review: `${write.listingId}|${write.userId}|${write.comment}`,
      favourite: `${write.listingId}|${write.userId}`,
    })[write.kind];
  // An import is all or nothing: each of its rows must be there.
  const kept = (write) => (write.kind === 'import' ? write.slugs.every((slug) => has.import.has(slug)) : has[write.kind].has(keyOf(write)));
  return acknowledged.filter((write) => !kept(write)).map((write) => `${write.kind} ${write.kind === 'import' ? write.slugs[0] : keyOf(write)}`);
}

/** Per kind of write: sent / acknowledged / 503, for the printed figures. */
export function writeFigures(stats) {
  return Object.entries(stats.writes)
    .map(([kind, counts]) => `${kind} ${counts.sent}/${counts.ok}/${counts.unavailable}`)
    .join(', ');
}

/** A browser's user agent: bots and clients without one count no views. */
export const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/**
 * Live listings that only the view load reads (no review or favourite writes their figures), so
 * their daily views are exactly what the servers' batchers added. Imported by the administrator.
 */
export async function prepareViewTargets(server, setup, count) {
  const slugs = Array.from({ length: count }, () => `fault-viewed-${next()}`);
  await must('viewed listings import', await request(server, 'POST', '/api/admin/import/listings', { csv: serviceRows(slugs.map((slug) => ({ slug, title: `Viewed ${slug}`, category: setup.category }))), cookie: setup.admin }));
  const found = await must('listings', await request(server, 'GET', '/api/admin/listings?type=services&status=approved&limit=100', { cookie: setup.admin }));
  const listings = slugs.map((slug) => ({ slug, id: found.json?.find?.((row) => row.slug === slug)?.id }));
  if (listings.some((listing) => typeof listing.id !== 'number')) throw new Error(`fault-test set-up: viewed listings not found: ${found.text?.slice(0, 300)}`);
  return listings;
}

/**
 * Three workers viewing `listings` through `servers` in turn, as a browser: `pathOf(listing)` is
 * the listing's page or its API read. Remembers, per server, each view answered 2xx (with the
 * time its answer came: the server counted it before) and the views cut off without an answer.
 */
export function createViewLoad(servers, listings, pathOf) {
  const byServer = new Map(servers.map((server) => [server.label, { answeredAt: [], cut: 0, other: 0 }]));
  let running = true;
  async function worker(index) {
    for (let i = 0; running; i++) {
      const server = servers[(index + i) % servers.length];
      const listing = listings[(index * 7 + i) % listings.length];
      const res = await request(server, 'GET', pathOf(listing), { userAgent: BROWSER });
      const figures = byServer.get(server.label);
      if (typeof res.status === 'number' && res.status >= 200 && res.status < 300) figures.answeredAt.push(Date.now());
      else if (res.status === 0 || res.status === 'hang') {
        figures.cut++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      } else {
        figures.other++;
        load.otherSample ??= `${server.label} ${res.status} ${res.text?.slice(0, 120)}`;
      }
    }
  }
  const workers = Array.from({ length: 3 }, (_, i) => worker(i));
  const load = {
    byServer,
    /** The first answer that was neither 2xx nor cut off, to say what went wrong. */
    otherSample: undefined,
    answered: () => [...byServer.values()].reduce((sum, figures) => sum + figures.answeredAt.length, 0),
    stop: async () => {
      running = false;
      await Promise.all(workers);
    },
  };
  return load;
}
