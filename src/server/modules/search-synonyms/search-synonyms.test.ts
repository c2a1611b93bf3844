import { afterAll, describe, expect, it } from 'vitest';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { buildApp } from '../../app';

// The search synonyms an administrator keeps: who may touch them, what input is refused, and that
// a search on every server finds by them at once. A second server on the same database (its own
// pool, listener and read cache on PostgreSQL) hears of a change only through the table's trigger.
const { app, db, database, config } = await createTestApp();
const otherDatabase = await database.openAnother();
const other = await buildApp({ config, database: otherDatabase });
await other.ready();
afterAll(async () => {
  await other.close();
  await otherDatabase.close();
});

const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { type: 'tools' });
const services = await createCategory(db, { type: 'services' });
const widget = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, title: 'Blue Widget Studio', description: 'Widgets, painted blue.' });
const workspace = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, title: 'Google Workspace', description: 'Mail, documents and calendars.' });
const optimiser = await createListing(db, { type: 'services', providerId: provider.id, categoryId: services.id, title: 'Conversion sprint', description: 'Landing page optimisation that converts.' });

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
const found = async (server: typeof app, type: 'tools' | 'services', search: string) =>
  ((await server.inject({ url: `/api/${type}?search=${encodeURIComponent(search)}` })).json() as { id: number }[]).map((listing) => listing.id);
/** What the other server finds, asked again until it has heard of the change (at most 5 s). */
async function foundElsewhere(search: string, expected: number[]): Promise<number[]> {
  const until = Date.now() + 5_000;
  let ids = await found(other, 'tools', search);
  while (JSON.stringify(ids) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    ids = await found(other, 'tools', search);
  }
  return ids;
}

describe('search synonyms: the administrator routes', () => {
  it('answers 401 to visitors and 403 to members and providers, on every route', async () => {
    const calls = [
      { method: 'GET', url: '/api/admin/search-synonyms' },
      { method: 'POST', url: '/api/admin/search-synonyms', payload: { from: 'zap', terms: ['blue widget'] } },
      { method: 'PUT', url: '/api/admin/search-synonyms/1', payload: { from: 'zap', terms: ['blue widget'] } },
      { method: 'DELETE', url: '/api/admin/search-synonyms/1' },
    ] as const;
    for (const call of calls) {
      const visitor = await app.inject(call);
      expect(visitor.statusCode, `visitor ${call.method}`).toBe(401);
      expect(visitor.json().message).toBeTruthy();
      for (const user of [member, provider]) {
        const refused = await app.inject({ ...call, headers: { cookie: user.cookie } });
        expect(refused.statusCode, `${call.method} ${refused.body}`).toBe(403);
        expect(refused.json().message).toBeTruthy();
      }
    }
    // Nothing was added.
    expect(await found(app, 'tools', 'zap')).toEqual([]);
  });

  it('lists the seeded abbreviations and old product names of a fresh install', async () => {
    const list = (await asAdmin('GET', '/api/admin/search-synonyms')).json() as { from: string | null; terms: string[] }[];
    expect(list).toContainEqual(expect.objectContaining({ from: null, terms: ['seo', 'search engine optimization'] }));
    expect(list).toContainEqual(expect.objectContaining({ from: null, terms: ['ppc', 'pay per click'] }));
    expect(list).toContainEqual(expect.objectContaining({ from: 'g suite', terms: ['google workspace'] }));
    // One-way rows first.
    expect(list[0]!.from).not.toBeNull();
  });

  it('refuses bad input with a message', async () => {
    const refused = async (method: 'POST' | 'PUT', url: string, payload: object, message: string) => {
      const answer = await asAdmin(method, url, payload);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().message).toContain(message);
    };
    await refused('POST', '/api/admin/search-synonyms', { from: 'zap', terms: [] }, 'Enter at least one synonym');
    await refused('POST', '/api/admin/search-synonyms', { terms: ['seo'] }, 'A group of equivalents needs at least two different terms');
    await refused('POST', '/api/admin/search-synonyms', { terms: ['SEO', 'seo!'] }, 'A group of equivalents needs at least two different terms');
    await refused('POST', '/api/admin/search-synonyms', { from: 'Zap', terms: ['ZAP'] }, 'A term cannot be its own synonym');
    await refused('POST', '/api/admin/search-synonyms', { from: 'zap', terms: ['!!!'] }, 'Enter a word or phrase of letters or digits');
    await refused('POST', '/api/admin/search-synonyms', { from: 'zap', terms: ['a b c d e f g h i'] }, 'A term must be at most 8 words');
    await refused('POST', '/api/admin/search-synonyms', { from: 'zap', terms: ['x'.repeat(101)] }, 'A term must be at most 100 characters');
    await refused('PUT', '/api/admin/search-synonyms/nope', { from: 'zap', terms: ['blue widget'] }, 'Invalid synonym id');
    expect((await asAdmin('PUT', '/api/admin/search-synonyms/999999', { from: 'zap', terms: ['blue widget'] })).statusCode).toBe(404);
    expect((await asAdmin('DELETE', '/api/admin/search-synonyms/999999')).statusCode).toBe(404);
  });

  it('adds, edits and deletes synonyms, which every server searches by at once', async () => {
    // The other server has learnt that "zap" matches nothing, and keeps that answer.
    expect(await found(other, 'tools', 'zap')).toEqual([]);
    const added = await asAdmin('POST', '/api/admin/search-synonyms', { from: '  Zap ', terms: ['Blue-Widget', 'blue widget'] });
    expect(added.statusCode, added.body).toBe(201);
    const row = added.json() as { id: number; from: string; terms: string[] };
    // Stored as search reads it: lowercased words, one space apart, once each.
    expect(row).toMatchObject({ from: 'zap', terms: ['blue widget'] });
    expect(await found(app, 'tools', 'zap')).toEqual([widget.id]);
    expect(await foundElsewhere('zap', [widget.id])).toEqual([widget.id]);
    // One way: the synonym does not find the word.
    expect(await found(app, 'tools', 'blue widget')).toEqual([widget.id]);

    const duplicate = await asAdmin('POST', '/api/admin/search-synonyms', { from: 'ZAP', terms: ['google workspace'] });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe('"zap" already has one-way synonyms: edit that row');

    const edited = await asAdmin('PUT', `/api/admin/search-synonyms/${row.id}`, { from: 'zap', terms: ['google workspace'] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found(app, 'tools', 'zap')).toEqual([workspace.id]);
    expect(await foundElsewhere('zap', [workspace.id])).toEqual([workspace.id]);

    expect((await asAdmin('DELETE', `/api/admin/search-synonyms/${row.id}`)).statusCode).toBe(204);
    expect(await found(app, 'tools', 'zap')).toEqual([]);
    expect(await foundElsewhere('zap', [])).toEqual([]);
  });

  it('matches a group of equivalents from any of its terms, in either spelling', async () => {
    const added = await asAdmin('POST', '/api/admin/search-synonyms', { terms: ['CRO sprint', 'Landing page optimisation'] });
    expect(added.statusCode, added.body).toBe(201);
    // Kept in American spelling, so one row serves both.
    expect(added.json().terms).toEqual(['cro sprint', 'landing page optimization']);
    // No listing has "cro": found by the equivalent phrase, written in British spelling.
    expect(await found(app, 'services', 'cro sprint')).toEqual([optimiser.id]);
    expect(await found(app, 'services', 'landing page optimization')).toEqual([optimiser.id]);
    // A seeded old product name, one way to the new.
    expect(await found(app, 'tools', 'g suite')).toEqual([workspace.id]);
    expect(await found(app, 'tools', 'G-Suite')).toEqual([workspace.id]);
  });
});
