import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db);
const target = await createUser(app, db);

type Call = { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: object; ok: number };

/** Every administrator endpoint with a valid request and what an administrator gets for it. */
async function calls(): Promise<Call[]> {
  const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
  const pendingTool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, status: 'pending' });
  const toDelete = await createListing(db, { providerId: provider.id, categoryId: category.id });
  const toolToDelete = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id });
  const victim = await createUser(app, db);
  const emptyCategory = await createCategory(db);
  const n = Math.random().toString(36).slice(2, 10);
  return [
    { method: 'GET', url: '/api/admin/overview', ok: 200 },
    { method: 'GET', url: '/api/admin/users', ok: 200 },
    {
      method: 'POST',
      url: '/api/admin/users',
      payload: { id: `user-${n}`, slug: `new-user-${n}`, email: `new-${n}@example.test`, firstName: 'New', lastName: 'User' },
      ok: 201,
    },
    { method: 'PUT', url: `/api/admin/users/${target.id}/admin`, payload: { isAdmin: false }, ok: 200 },
    { method: 'PUT', url: `/api/admin/users/${target.id}/provider`, payload: { isProvider: true }, ok: 200 },
    { method: 'DELETE', url: `/api/admin/users/${victim.id}`, ok: 204 },
    { method: 'GET', url: '/api/admin/services/pending', ok: 200 },
    { method: 'GET', url: '/api/admin/tools/pending', ok: 200 },
    { method: 'POST', url: `/api/admin/services/${pending.id}/approve`, ok: 200 },
    { method: 'POST', url: `/api/admin/tools/${pendingTool.id}/reject`, payload: { reason: 'Too vague' }, ok: 200 },
    { method: 'PATCH', url: `/api/admin/services/${toDelete.id}/featured`, payload: { isFeatured: true }, ok: 200 },
    { method: 'DELETE', url: `/api/admin/services/${toDelete.id}`, ok: 204 },
    { method: 'DELETE', url: `/api/admin/tools/${toolToDelete.id}`, ok: 204 },
    { method: 'GET', url: '/api/admin/listings?type=services&status=approved', ok: 200 },
    { method: 'GET', url: '/api/admin/listings/counts?type=tools', ok: 200 },
    { method: 'GET', url: '/api/admin/audit?limit=5', ok: 200 },
    { method: 'GET', url: '/api/admin/seo/templates', ok: 200 },
    { method: 'PUT', url: '/api/admin/seo/templates/category', payload: { title: '{name} | {siteName}', description: '{description}' }, ok: 200 },
    { method: 'GET', url: '/api/admin/seo/overrides', ok: 200 },
    { method: 'POST', url: '/api/admin/seo/overrides', payload: { pageType: 'home', entityId: n, title: 'Home' }, ok: 201 },
    { method: 'POST', url: '/api/categories', payload: { name: `Cat ${n}`, slug: `cat-${n}`, type: 'services' }, ok: 201 },
    { method: 'PUT', url: `/api/categories/${emptyCategory.id}`, payload: { name: 'Renamed', slug: `renamed-${n}`, type: 'services' }, ok: 200 },
    { method: 'DELETE', url: `/api/categories/${emptyCategory.id}`, ok: 204 },
  ];
}

describe('permission matrix of the administrator endpoints', () => {
  it('answers 401 to visitors, 403 to members and providers, and changes nothing for them', async () => {
    const list = await calls();
    for (const { method, url, payload } of list) {
      const visitor = await app.inject({ method, url, payload });
      expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
      for (const [role, user] of [['member', member], ['provider', provider]] as const) {
        const res = await app.inject({ method, url, payload, headers: { cookie: user.cookie } });
        expect(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().message).toBeTruthy();
      }
    }
    // Nothing changed: the pending items are still pending.
    const pending = await app.inject({ url: '/api/admin/services/pending', headers: { cookie: admin.cookie } });
    expect(pending.json().length).toBeGreaterThan(0);
  });

  it('lets an administrator do every one of them', async () => {
    for (const { method, url, payload, ok } of await calls()) {
      const res = await app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(ok);
    }
  });

  it('refuses a user who lost the admin flag at once', async () => {
    const former = await createUser(app, db, { isAdmin: true });
    expect((await app.inject({ url: '/api/admin/overview', headers: { cookie: former.cookie } })).statusCode).toBe(200);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${former.id}/admin`, payload: { isAdmin: false }, headers: { cookie: admin.cookie } });
    expect((await app.inject({ url: '/api/admin/overview', headers: { cookie: former.cookie } })).statusCode).toBe(403);
  });
});
