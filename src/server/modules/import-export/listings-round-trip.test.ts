import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { listingCsvColumns } from '../../../shared/schemas/import-export';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db, { slug: 'seo-services' });
const toolCategory = await createCategory(db, { type: 'tools', slug: 'seo-tools' });

const exportCsv = async (type: 'services' | 'tools') => {
  const res = await app.inject({ url: `/api/admin/export/listings.csv?type=${type}`, headers: { cookie: admin.cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

const importCsv = (csv: string, dryRun: boolean) =>
  app.inject({
    method: 'POST',
    url: `/api/admin/import/listings?dryRun=${dryRun}`,
    headers: { cookie: admin.cookie, 'content-type': 'text/csv' },
    payload: csv,
  });

describe('listings export', () => {
  it('writes every listing of the type, all statuses, as RFC 4180 CSV with a byte-order mark and neutralised formulas', async () => {
    await createListing(db, {
      providerId: provider.id,
      categoryId: category.id,
      slug: 'formula-service',
      title: '=HYPERLINK("http://evil.example","Click")',
      description: 'Line one\nLine "two", with a comma',
      shortDescription: '-minus first',
      price: '120.50',
      priceType: 'monthly',
      deliveryTime: 7,
      tags: ['seo', 'a|b'],
      features: ['Audit', '@mention'],
      status: 'pending',
      isFeatured: true,
    });
    await createListing(db, { providerId: provider.id, categoryId: category.id, slug: 'rejected-service', status: 'rejected', priceType: 'fixed', deliveryTime: 3 });
    await createListing(db, { type: 'tools', providerId: provider.id, categoryId: toolCategory.id, slug: 'a-tool', websiteUrl: 'https://tool.example' });

    const res = await exportCsv('services');
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="services-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFid,slug,type,status,title,')).toBe(true);
    expect(res.body).toContain('\r\n');
    const [header, ...rows] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...listingCsvColumns]);
    expect(rows.map((row) => row[1])).toEqual(['formula-service', 'rejected-service']);
    const cell = (row: string[], column: string) => row[listingCsvColumns.indexOf(column as never)];
    const first = rows[0]!;
    expect(cell(first, 'title')).toBe('\'=HYPERLINK("http://evil.example","Click")');
    expect(cell(first, 'shortDescription')).toBe("'-minus first");
    expect(cell(first, 'description')).toBe('Line one\nLine "two", with a comma');
    expect(cell(first, 'tags')).toBe('seo|a\\|b');
    expect(cell(first, 'features')).toBe('Audit|@mention');
    expect(cell(first, 'category')).toBe('seo-services');
    expect(cell(first, 'provider')).toBe(provider.email);
    expect(cell(first, 'status')).toBe('pending');
    expect(cell(first, 'isFeatured')).toBe('true');
    expect(cell(first, 'price')).toBe('120.50');
  });

  it('refuses an unknown type', async () => {
    const res = await app.inject({ url: '/api/admin/export/listings.csv?type=widgets', headers: { cookie: admin.cookie } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('type must be services or tools');
  });
});

describe('listings round trip', () => {
  it('dry-runs and imports a changed title, audits it, and exports the same file apart from that title and updatedAt', async () => {
    const before = (await exportCsv('services')).body;
    const edited = before.replace('rejected-service,services,rejected,Listing ', 'rejected-service,services,rejected,Renamed listing ');
    expect(edited).not.toBe(before);

    const dry = await importCsv(edited, true);
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json()).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [], errorCount: 0, dryRun: true });
    expect((await exportCsv('services')).body).toBe(before);

    const real = await importCsv(edited, false);
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ created: 0, updated: 1, unchanged: 1, errors: [], errorCount: 0, dryRun: false });

    const detail = await app.inject({ url: '/api/services/rejected-service', headers: { cookie: admin.cookie } });
    expect(detail.json().title).toMatch(/^Renamed listing /);

    const audit = await app.inject({ url: '/api/admin/audit?limit=5', headers: { cookie: admin.cookie } });
    expect(audit.json()[0]).toMatchObject({ action: 'listing.import', entityType: 'listing', details: { created: 0, updated: 1, unchanged: 1, rows: 2 } });

    const after = (await exportCsv('services')).body;
    const lines = (text: string) => (parse(text, { bom: true }) as string[][]).map((row) => row.join('\u0001'));
    const [beforeRows, afterRows] = [lines(before), lines(after)];
    expect(afterRows.length).toBe(beforeRows.length);
    const differing = afterRows.map((row, i) => [row, beforeRows[i]!] as const).filter(([a, b]) => a !== b);
    expect(differing).toHaveLength(1);
    const [newRow, oldRow] = differing[0]!.map((row) => row.split('\u0001'));
    const changedColumns = listingCsvColumns.filter((_, i) => newRow![i] !== oldRow![i]);
    expect(changedColumns).toEqual(['title', 'updatedAt']);
  });

  it('creates listings from new slugs, with the importing administrator as provider by default', async () => {
    const csv = [
      'type,slug,title,description,category,price,priceType,deliveryTime,tags',
      'services,brand-new-service,Brand new,"A new one, imported",seo-services,99,fixed,5,one|two',
      'tools,brand-new-tool,New tool,A tool,seo-tools,,,,',
    ].join('\n');
    const res = await importCsv(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, updated: 0, unchanged: 0, errorCount: 0 });
    const service = (await app.inject({ url: '/api/services/brand-new-service' })).json();
    expect(service).toMatchObject({ title: 'Brand new', status: 'approved', price: '99.00', priceType: 'fixed', deliveryTime: 5, tags: ['one', 'two'] });
    expect(service.provider.id).toBe(admin.id);
    // The search finds it, as it would a listing made in the dialog, misspelt too (the catalogue's words are in step).
    for (const term of ['imported', 'imprted']) {
      const found = await app.inject({ url: `/api/services?search=${term}` });
      expect(found.json().map((listing: { slug: string }) => listing.slug), term).toContain('brand-new-service');
    }
  });

  it('adds https:// to a tool website given without a scheme, as the form and the API do', async () => {
    const csv = ['type,slug,title,description,category,price,priceType,deliveryTime,tags,websiteUrl', 'tools,schemeless-tool,Schemeless,A tool,seo-tools,,,,,schemeless.example/app'].join('\n');
    const res = await importCsv(csv, false);
    expect(res.json(), res.body).toMatchObject({ created: 1, errorCount: 0 });
    expect((await app.inject({ url: '/api/tools/schemeless-tool' })).json().websiteUrl).toBe('https://schemeless.example/app');
  });
});
