import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory } from '../../../../test/factories';

const { app, db } = await createTestApp();

// Names chosen so that alphabetical order differs from creation order.
const marketing = await createCategory(db, { type: 'services', name: 'Marketing', slug: 'marketing', icon: 'fas fa-bullhorn', description: 'Grow reach' });
const design = await createCategory(db, { type: 'services', name: 'Design', slug: 'design', bottomContent: '<p>More about design</p>' });
const logos = await createCategory(db, { type: 'services', name: 'Logo design', slug: 'logos', parentId: design.id });
const analytics = await createCategory(db, { type: 'tools', name: 'Analytics', slug: 'analytics' });
// Slugs are unique within a type only.
const toolDesign = await createCategory(db, { type: 'tools', name: 'Design tools', slug: 'design' });

const get = (url: string) => app.inject({ url });

describe('GET /api/categories', () => {
  it('lists every category by name, in the spec shape', async () => {
    const res = await get('/api/categories');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((c: { id: number }) => c.id)).toEqual([analytics.id, design.id, toolDesign.id, logos.id, marketing.id]);
    expect(res.json()[4]).toEqual({
      id: marketing.id,
      slug: 'marketing',
      name: 'Marketing',
      description: 'Grow reach',
      icon: 'fas fa-bullhorn',
      type: 'services',
      parentId: null,
    });
  });

  it("leaves each category's bottom content to its own page, unless the editor asks for it", async () => {
    const list = (await get('/api/categories?type=services')).json();
    expect(list.find((c: { id: number }) => c.id === design.id)).not.toHaveProperty('bottomContent');
    const withContent = (await get('/api/categories?type=services&withContent=true')).json();
    expect(withContent.find((c: { id: number }) => c.id === design.id).bottomContent).toBe('<p>More about design</p>');
    expect((await get('/api/categories?withContent=yes')).statusCode).toBe(400);
  });

  it('filters by type, subcategories included', async () => {
    const services = (await get('/api/categories?type=services')).json();
    expect(services.map((c: { id: number }) => c.id)).toEqual([design.id, logos.id, marketing.id]);
    expect(services[1].parentId).toBe(design.id);
    const tools = (await get('/api/categories?type=tools')).json();
    expect(tools.map((c: { id: number }) => c.id)).toEqual([analytics.id, toolDesign.id]);
  });

  it('answers 400 for an unknown type', async () => {
    for (const type of ['cars', '', 'TOOLS']) {
      const res = await get(`/api/categories?type=${type}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('type must be tools or services');
    }
  });
});

describe('GET /api/categories/by-slug/:slug', () => {
  it('finds a category by slug within the given type', async () => {
    const service = await get('/api/categories/by-slug/design?type=services');
    expect(service.statusCode).toBe(200);
    expect(service.json()).toMatchObject({ id: design.id, bottomContent: '<p>More about design</p>' });
    expect((await get('/api/categories/by-slug/design?type=tools')).json().id).toBe(toolDesign.id);
  });

  it('takes the oldest category with that slug when no type is given', async () => {
    expect((await get('/api/categories/by-slug/design')).json().id).toBe(design.id);
  });

  it('answers 404 with the message for an unknown slug or the wrong type', async () => {
    for (const url of ['/api/categories/by-slug/nothing', '/api/categories/by-slug/marketing?type=tools', `/api/categories/by-slug/${encodeURIComponent("'; drop table categories; --")}`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Category not found' });
    }
  });

  it('answers 400, never 500, for a bad type or an absurd slug', async () => {
    expect((await get('/api/categories/by-slug/design?type=cars')).statusCode).toBe(400);
    // The router refuses path parameters over 100 characters before any handler runs.
    const long = await get(`/api/categories/by-slug/${'a'.repeat(300)}`);
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toEqual(expect.any(String));
  });
});
