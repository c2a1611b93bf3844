import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const marketing = await createCategory(db, { slug: 'marketing', name: 'Marketing', description: '=1+1 is not a formula here' });
await createCategory(db, { slug: 'email-marketing', name: 'Email', parentId: marketing.id });
await createCategory(db, { type: 'tools', slug: 'analytics', name: 'Analytics', icon: 'chart-line' });

const exportCsv = async () => {
  const res = await app.inject({ url: '/api/admin/export/categories.csv', headers: { cookie: admin.cookie } });
  expect(res.statusCode).toBe(200);
  return res.body;
};
const importCsv = (payload: string, dryRun = false) =>
  app.inject({ method: 'POST', url: `/api/admin/import/categories?dryRun=${dryRun}`, headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload });

describe('categories export and import', () => {
  it('exports parents before children, with the parent slug, and imports the file back unchanged', async () => {
    const csv = await exportCsv();
    expect(parse(csv, { bom: true })).toEqual([
      ['type', 'slug', 'name', 'parent', 'description', 'icon'],
      ['services', 'marketing', 'Marketing', '', "'=1+1 is not a formula here", ''],
      ['services', 'email-marketing', 'Email', 'marketing', '', ''],
      ['tools', 'analytics', 'Analytics', '', '', 'chart-line'],
    ]);
    const res = await importCsv(csv);
    expect(res.json()).toEqual({ created: 0, updated: 0, unchanged: 3, errors: [], errorCount: 0, dryRun: false });
  });

  it('creates children listed before their new parent, updates by slug and audits once', async () => {
    const csv = [
      'type,slug,name,parent',
      'services,seo-audits,SEO audits,seo',
      'services,seo,SEO,',
      'services,marketing,Marketing & growth,',
    ].join('\n');
    const dry = await importCsv(csv, true);
    expect(dry.json()).toEqual({ created: 2, updated: 1, unchanged: 0, errors: [], errorCount: 0, dryRun: true });
    const real = await importCsv(csv);
    expect(real.json()).toEqual({ created: 2, updated: 1, unchanged: 0, errors: [], errorCount: 0, dryRun: false });
    const exported = parse(await exportCsv(), { bom: true }) as string[][];
    expect(exported).toContainEqual(['services', 'seo-audits', 'SEO audits', 'seo', '', '']);
    // A column left out keeps its value: the description is still there.
    expect(exported).toContainEqual(['services', 'marketing', 'Marketing & growth', '', "'=1+1 is not a formula here", '']);
    const audit = await app.inject({ url: '/api/admin/audit?limit=1', headers: { cookie: admin.cookie } });
    expect(audit.json()[0]).toMatchObject({ action: 'category.import', details: { created: 2, updated: 1, unchanged: 0, rows: 3 } });
  });

  it('shows imported categories in the cached public list at once', async () => {
    const listed = async () => ((await app.inject({ url: '/api/categories?type=tools' })).json() as { slug: string }[]).map((c) => c.slug);
    expect(await listed()).not.toContain('crm');
    const res = await importCsv('type,slug,name\ntools,crm,CRM');
    expect(res.statusCode).toBe(200);
    await expect.poll(listed).toContain('crm');
  });

  it('refuses parents of the other type, subcategory parents, bad slugs and duplicates, storing nothing', async () => {
    const before = await exportCsv();
    const csv = [
      'type,slug,name,parent',
      'services,new-child,Child,analytics',
      'services,grandchild,Grandchild,email-marketing',
      'services,Bad Slug,Bad,',
      'services,twice,Twice,',
      'services,twice,Twice again,',
      'services,marketing,Marketing,seo',
      'widgets,odd,Odd,',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([
      { row: 2, column: 'parent', message: 'The parent category "analytics" does not exist among the service categories' },
      { row: 3, column: 'parent', message: 'The parent must be a top-level category: "email-marketing" is a subcategory' },
      { row: 4, column: 'slug', message: 'Slug can only contain lowercase letters, numbers, and hyphens' },
      { row: 6, column: 'slug', message: 'Duplicate slug "twice": row 5 has it too' },
      { row: 7, column: 'parent', message: 'A category with subcategories must stay top-level' },
      { row: 8, column: 'type', message: 'Category type is required' },
    ]);
    expect(await exportCsv()).toBe(before);
  });

  it('takes icons by lucide name, as the form does, and refuses a class name the site cannot draw', async () => {
    const refused = await importCsv(['type,slug,name,parent,description,icon', 'tools,charts,Charts,,,fas fa-chart-line'].join('\n'));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([{ row: 2, column: 'icon', message: 'Icon must be a lucide icon name the site can show, e.g. chart-line' }]);
    const taken = await importCsv(['type,slug,name,parent,description,icon', 'tools,charts,Charts,,,line-chart'].join('\n'));
    expect(taken.json()).toMatchObject({ created: 1, errorCount: 0 });
    expect(parse(await exportCsv(), { bom: true })).toContainEqual(['tools', 'charts', 'Charts', '', '', 'chart-line']);
  });
});
