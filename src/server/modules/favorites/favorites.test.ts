import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { listings } from '../../../db/schema/listings';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const toolCategory = await createCategory(db, { type: 'tools' });
const serviceCategory = await createCategory(db, { type: 'services' });
const newTool = (overrides: { status?: 'approved' | 'pending' | 'rejected' } = {}) =>
  createListing(db, { type: 'tools', providerId: provider.id, categoryId: toolCategory.id, ...overrides });
const newService = (overrides: { status?: 'approved' | 'pending' | 'rejected' } = {}) =>
  createListing(db, { type: 'services', providerId: provider.id, categoryId: serviceCategory.id, ...overrides });

const add = (cookie: string | undefined, id: number | string) =>
  app.inject({ method: 'POST', url: `/api/favorites/${id}`, headers: cookie ? { cookie } : {} });
const remove = (cookie: string | undefined, id: number | string) =>
  app.inject({ method: 'DELETE', url: `/api/favorites/${id}`, headers: cookie ? { cookie } : {} });
const list = (cookie: string | undefined, query = '') =>
  app.inject({ url: `/api/favorites${query}`, headers: cookie ? { cookie } : {} });
const status = (cookie: string | undefined, type: 'tools' | 'services', id: number | string) =>
  app.inject({ url: `/api/${type}/${id}/favorite-status`, headers: cookie ? { cookie } : {} });

describe('saving favourites', () => {
  it('adds a tool and a service, lists them newest first with their total, and reports the status', async () => {
    const member = await createUser(app, db);
    const tool = await newTool();
    const service = await newService();

    expect((await status(member.cookie, 'tools', tool.id)).json()).toEqual({ isFavorited: false });
    const added = await add(member.cookie, tool.id);
    expect(added.statusCode).toBe(200);
    expect(added.json()).toEqual({ isFavorited: true });
    expect((await add(member.cookie, service.id)).statusCode).toBe(200);

    const res = await list(member.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('2');
    const items = res.json();
    expect(items.map((l: { id: number }) => l.id)).toEqual([service.id, tool.id]);
    expect(items[0]).toMatchObject({ type: 'services', title: service.title, provider: { id: provider.id } });
    expect(items[1]).toMatchObject({ type: 'tools', category: { name: toolCategory.name } });

    expect((await status(member.cookie, 'tools', tool.id)).json()).toEqual({ isFavorited: true });
    expect((await status(member.cookie, 'services', service.id)).json()).toEqual({ isFavorited: true });
    const ids = await app.inject({ url: '/api/favorites/ids', headers: { cookie: member.cookie } });
    expect(ids.json().sort()).toEqual([tool.id, service.id].sort());
  });

  it('is idempotent: saving twice keeps one favourite', async () => {
    const member = await createUser(app, db);
    const tool = await newTool();
    expect((await add(member.cookie, tool.id)).statusCode).toBe(200);
    expect((await add(member.cookie, tool.id)).statusCode).toBe(200);
    const res = await list(member.cookie);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json()).toHaveLength(1);
  });

  it('removes a favourite, and removing again is harmless', async () => {
    const member = await createUser(app, db);
    const service = await newService();
    await add(member.cookie, service.id);
    const removed = await remove(member.cookie, service.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ isFavorited: false });
    expect((await remove(member.cookie, service.id)).statusCode).toBe(200);
    expect((await status(member.cookie, 'services', service.id)).json()).toEqual({ isFavorited: false });
    expect((await list(member.cookie)).json()).toEqual([]);
  });

  it('refuses listings that are not live, and unknown ids, with 404', async () => {
    const member = await createUser(app, db);
    for (const listing of [await newTool({ status: 'pending' }), await newService({ status: 'rejected' })]) {
      const res = await add(member.cookie, listing.id);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Listing not found');
    }
    expect((await add(member.cookie, 999_999)).statusCode).toBe(404);
  });

  it('hides a saved listing once it is no longer live', async () => {
    const member = await createUser(app, db);
    const tool = await newTool();
    await add(member.cookie, tool.id);
    await db.update(listings).set({ status: 'rejected' }).where(eq(listings.id, tool.id));
    const res = await list(member.cookie);
    expect(res.json()).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    // ...and it can still be removed.
    expect((await remove(member.cookie, tool.id)).statusCode).toBe(200);
  });
});

describe('listing favourites', () => {
  it('filters by type and pages with limit and offset', async () => {
    const member = await createUser(app, db);
    const tools = [await newTool(), await newTool(), await newTool()];
    const service = await newService();
    for (const listing of [...tools, service]) await add(member.cookie, listing.id);

    const onlyTools = await list(member.cookie, '?type=tools');
    expect(onlyTools.headers['x-total-count']).toBe('3');
    expect(onlyTools.json().map((l: { type: string }) => l.type)).toEqual(['tools', 'tools', 'tools']);

    const page = await list(member.cookie, '?type=tools&limit=2&offset=1');
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((l: { id: number }) => l.id)).toEqual([tools[1]!.id, tools[0]!.id]);
  });

  it('never shows another member their neighbour’s favourites', async () => {
    const alice = await createUser(app, db);
    const bob = await createUser(app, db);
    const tool = await newTool();
    await add(alice.cookie, tool.id);
    expect((await list(bob.cookie)).json()).toEqual([]);
    expect((await app.inject({ url: '/api/favorites/ids', headers: { cookie: bob.cookie } })).json()).toEqual([]);
    expect((await status(bob.cookie, 'tools', tool.id)).json()).toEqual({ isFavorited: false });
    // Bob removing "his" favourite of that tool leaves Alice's alone.
    await remove(bob.cookie, tool.id);
    expect((await status(alice.cookie, 'tools', tool.id)).json()).toEqual({ isFavorited: true });
  });

  it('answers 400 for bad paging and type values', async () => {
    const member = await createUser(app, db);
    for (const query of ['?limit=abc', '?limit=0', '?limit=1000', '?offset=-1', '?type=cars']) {
      const res = await list(member.cookie, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

describe('favourite status', () => {
  it('answers 404 when the id belongs to the other listing type or to nothing', async () => {
    const member = await createUser(app, db);
    const tool = await newTool();
    const res = await status(member.cookie, 'services', tool.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Service not found');
    expect((await status(member.cookie, 'tools', 999_999)).json().message).toBe('Tool not found');
  });
});

describe('signed out and bad ids', () => {
  it('answers 401 to every favourites call when signed out, even with a bad id', async () => {
    const tool = await newTool();
    for (const res of [
      await add(undefined, tool.id),
      await remove(undefined, tool.id),
      await list(undefined),
      await app.inject({ url: '/api/favorites/ids' }),
      await status(undefined, 'tools', tool.id),
      await status(undefined, 'services', tool.id),
      await add(undefined, 'abc'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Unauthorized');
    }
  });

  it('answers 400, never 500, for ids that are not listing ids', async () => {
    const member = await createUser(app, db);
    for (const id of ['abc', '1.5', '-3', '0', '99999999999', '1e3x']) {
      for (const res of [await add(member.cookie, id), await remove(member.cookie, id), await status(member.cookie, 'tools', id)]) {
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message).toBe('Invalid listing id');
      }
    }
  });
});
