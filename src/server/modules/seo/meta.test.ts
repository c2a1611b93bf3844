import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp({ productName: 'HubSpot', siteName: 'Agency Stack' });
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true, companyName: 'Acme Growth' });

const meta = async (url: string) => {
  const res = await app.inject({ url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { title: string; description: string };
};
const asAdmin = (method: 'PUT' | 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

describe('GET /api/meta/{page}: defaults', () => {
  it('answers the spec home title and description with the product name', async () => {
    expect(await meta('/api/meta/home')).toEqual({
      title: 'Premium HubSpot Tools & Services for Agencies',
      description: 'Discover premium HubSpot tools and services for agencies.',
    });
  });

  it('titles a listing page with its title and the site name, described by its short description', async () => {
    const category = await createCategory(db, { name: 'Email Marketing' });
    const listing = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Inbox Rescue', shortDescription: 'We fix deliverability.' });
    const bySlug = await meta(`/api/meta/service?entityId=${listing.slug}`);
    expect(bySlug).toEqual({ title: 'Inbox Rescue | Agency Stack', description: 'We fix deliverability.' });
    expect(await meta(`/api/meta/service?entityId=${listing.id}`)).toEqual(bySlug);
  });

  it('does not reveal an unapproved listing and falls back for unknown ones', async () => {
    const category = await createCategory(db);
    const hidden = await createListing(db, { providerId: provider.id, categoryId: category.id, title: 'Secret Draft', status: 'pending' });
    const res = await meta(`/api/meta/service?entityId=${hidden.id}`);
    expect(res.title).not.toContain('Secret Draft');
    expect((await meta('/api/meta/tool?entityId=no-such-tool')).title).toBe('HubSpot Tools | Agency Stack');
  });

  it('answers 400, not 500, for an unknown page', async () => {
    const res = await app.inject({ url: '/api/meta/nowhere' });
    expect(res.statusCode).toBe(400);
  });
});

describe('templates and overrides', () => {
  it('fills a saved template with the variables, and an override wins over it', async () => {
    const category = await createCategory(db, { type: 'tools', name: 'Analytics' });
    const tool = await createListing(db, {
      type: 'tools',
      providerId: provider.id,
      categoryId: category.id,
      title: 'Chart Wizard',
      description: 'Charts for every report.',
      price: '49.00',
      rating: 4.25,
      reviewCount: 4,
    });
    const saved = await asAdmin('PUT', '/api/admin/seo/templates/tool', {
      title: '{name} in {category} from {price} | {siteName}',
      description: 'Rated {rating}: {description}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await meta(`/api/meta/tool?entityId=${tool.id}`)).toEqual({
      title: 'Chart Wizard in Analytics from $49 | Agency Stack',
      description: 'Rated 4.3: Charts for every report.',
    });

    const pageWide = await asAdmin('POST', '/api/admin/seo/overrides', { pageType: 'tool', title: 'Every tool: {name}' });
    expect(pageWide.statusCode, pageWide.body).toBe(201);
    expect((await meta(`/api/meta/tool?entityId=${tool.id}`)).title).toBe('Every tool: Chart Wizard');

    const own = await asAdmin('POST', '/api/admin/seo/overrides', { pageType: 'tool', entityId: tool.slug, title: 'The best chart tool', description: '' });
    expect(own.statusCode, own.body).toBe(201);
    const resolved = await meta(`/api/meta/tool?entityId=${tool.id}`);
    // The entity override sets only the title; the description still comes from the template.
    expect(resolved).toEqual({ title: 'The best chart tool', description: 'Rated 4.3: Charts for every report.' });

    const duplicate = await asAdmin('POST', '/api/admin/seo/overrides', { pageType: 'tool', entityId: tool.slug, title: 'Again' });
    expect(duplicate.statusCode).toBe(409);

    expect((await asAdmin('DELETE', `/api/admin/seo/overrides/${own.json().id}`)).statusCode).toBe(204);
    expect((await meta(`/api/meta/tool?entityId=${tool.id}`)).title).toBe('Every tool: Chart Wizard');
    expect((await asAdmin('DELETE', `/api/admin/seo/overrides/${pageWide.json().id}`)).statusCode).toBe(204);
    expect((await asAdmin('DELETE', '/api/admin/seo/templates/tool')).statusCode).toBe(204);
    expect((await meta(`/api/meta/tool?entityId=${tool.id}`)).title).toBe('Chart Wizard | Agency Stack');
  });

  it('lets an override by id win over one by slug for the same entity, whichever was saved first', async () => {
    const category = await createCategory(db);
    for (const order of [['slug', 'id'], ['id', 'slug']] as const) {
      const listing = await createListing(db, { providerId: provider.id, categoryId: category.id });
      const ids: number[] = [];
      for (const by of order) {
        const entityId = by === 'id' ? String(listing.id) : listing.slug;
        const saved = await asAdmin('POST', '/api/admin/seo/overrides', { pageType: 'service', entityId, title: `Saved by ${by}` });
        expect(saved.statusCode, saved.body).toBe(201);
        ids.push(saved.json().id);
      }
      expect((await meta(`/api/meta/service?entityId=${listing.slug}`)).title, order.join(' then ')).toBe('Saved by id');
      expect((await meta(`/api/meta/service?entityId=${listing.id}`)).title, order.join(' then ')).toBe('Saved by id');
      for (const id of ids) await asAdmin('DELETE', `/api/admin/seo/overrides/${id}`);
    }
  });

  it('falls back, not fails, for an entity id no row can have', async () => {
    expect((await meta('/api/meta/service?entityId=a%00b')).title).toBe('HubSpot Services | Agency Stack');
    expect((await meta('/api/meta/company?entityId=%00')).title).toBe('Provider Profile | Agency Stack');
    expect((await meta('/api/meta/category?entityId=%00')).title).toBe('Browse Categories | Agency Stack');
  });

  it('uses the home template, tidying separators left by empty variables', async () => {
    await asAdmin('PUT', '/api/admin/seo/templates/home', { title: '{siteName} | {category} | Agencies', description: 'All of {siteName}.' });
    expect(await meta('/api/meta/home')).toEqual({ title: 'Agency Stack | Agencies', description: 'All of Agency Stack.' });
    await asAdmin('DELETE', '/api/admin/seo/templates/home');
  });

  it('lists all four templates and the overrides for the admin form', async () => {
    const res = await asAdmin('GET', '/api/admin/seo/templates');
    expect(res.json().map((t: { pageType: string }) => t.pageType)).toEqual(['home', 'category', 'service', 'tool']);
    expect((await asAdmin('GET', '/api/admin/seo/overrides')).statusCode).toBe(200);
  });

  it('validates template and override input', async () => {
    const empty = await asAdmin('PUT', '/api/admin/seo/templates/home', { title: ' ', description: 'x' });
    expect(empty.statusCode).toBe(400);
    expect((await asAdmin('PUT', '/api/admin/seo/templates/blog', { title: 'a', description: 'b' })).statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/seo/overrides', { pageType: 'home' })).statusCode).toBe(400);
    expect((await asAdmin('DELETE', '/api/admin/seo/overrides/abc')).statusCode).toBe(400);
    expect((await asAdmin('DELETE', '/api/admin/seo/overrides/999999')).statusCode).toBe(404);
  });

  it('refuses everyone but administrators', async () => {
    const member = await createUser(app, db);
    for (const [method, url] of [
      ['GET', '/api/admin/seo/templates'],
      ['PUT', '/api/admin/seo/templates/home'],
      ['GET', '/api/admin/seo/overrides'],
      ['POST', '/api/admin/seo/overrides'],
      ['DELETE', '/api/admin/seo/overrides/1'],
    ] as const) {
      expect((await app.inject({ method, url, payload: {} })).statusCode, url).toBe(401);
      expect((await app.inject({ method, url, payload: {}, headers: { cookie: member.cookie } })).statusCode, url).toBe(403);
      expect((await app.inject({ method, url, payload: {}, headers: { cookie: provider.cookie } })).statusCode, url).toBe(403);
    }
  });
});
