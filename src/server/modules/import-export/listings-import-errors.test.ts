import { describe, expect, it } from 'vitest';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../shared/schemas/import-export';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });
const provider = await createUser(app, db, { isProvider: true });
const member = await createUser(app, db, { email: 'just.a.member@example.test' });
await createCategory(db, { slug: 'design' });
await createCategory(db, { type: 'tools', slug: 'design-tools' });
const owned = await createListing(db, { providerId: provider.id, categoryId: (await createCategory(db, { slug: 'writing' })).id, slug: 'kept-listing', priceType: 'fixed', deliveryTime: 2 });

const header = 'type,slug,title,description,category,price,priceType,deliveryTime,provider';
const good = (slug: string) => `services,${slug},Good ${slug},Fine,design,10,fixed,3,${provider.email}`;

const importCsv = (payload: string | Buffer, dryRun = false) =>
  app.inject({ method: 'POST', url: `/api/admin/import/listings?dryRun=${dryRun}`, headers: { cookie: admin.cookie, 'content-type': 'text/csv' }, payload });

async function expectNothingStored() {
  const res = await app.inject({ url: '/api/admin/listings/counts?type=services', headers: { cookie: admin.cookie } });
  expect(res.json()).toEqual({ approved: 1, pending: 0, rejected: 0 });
  const kept = await app.inject({ url: '/api/services/kept-listing' });
  expect(kept.json().title).toBe(owned.title);
}

describe('a listings file with errors', () => {
  it('reports each bad cell by row and column, and stores nothing, the good rows included', async () => {
    const csv = [
      header,
      good('fine-one'),
      'services,wrong-types,Wrong types,Text,design,cheap,weekly,soon,',
      'services,other-type,Other type,Text,design-tools,10,fixed,3,',
      `services,unknown-provider,Unknown,Text,design,10,fixed,3,nobody@example.test`,
      `services,member-owner,Member,Text,design,10,fixed,3,${member.email}`,
      good('fine-one'),
      'services,kept-listing,Renamed,Text,writing,10,fixed,3,',
      'gadgets,odd-type,Odd,Text,design,,,,',
    ].join('\r\n');
    for (const dryRun of [true, false]) {
      const res = await importCsv(csv, dryRun);
      expect(res.statusCode, res.body).toBe(dryRun ? 200 : 422);
      const body = res.json();
      expect(body, JSON.stringify(body.errors)).toMatchObject({ created: 1, updated: 1, unchanged: 0, errorCount: 8, dryRun });
      expect(body.errors).toEqual(
        expect.arrayContaining([
          { row: 3, column: 'price', message: 'Price must be a number with at most two decimals' },
          { row: 3, column: 'priceType', message: 'Price type is required' },
          { row: 3, column: 'deliveryTime', message: 'Delivery time is required' },
          { row: 4, column: 'category', message: 'Please choose a service category: "design-tools" is a tool category' },
          { row: 5, column: 'provider', message: 'Provider not found: no account has the e-mail nobody@example.test' },
          { row: 6, column: 'provider', message: `${member.email} is not a provider, so cannot own listings` },
          { row: 7, column: 'slug', message: 'Duplicate slug "fine-one": row 2 has it too' },
          { row: 9, column: 'type', message: 'Type must be services or tools' },
        ]),
      );
      if (!dryRun) expect(body.message).toBe('Nothing was imported: the file has 8 errors.');
    }
    await expectNothingStored();
  });

  it('reports a quote left open at its row', async () => {
    const res = await importCsv([header, good('quoted'), 'services,open-quote,"Never closed,Text,design,10,fixed,3,'].join('\n'));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 3, column: null, message: 'A quoted cell is never closed: a closing " is missing.' }]);
    await expectNothingStored();
  });

  it('reports an empty file, a file that is not CSV and a header it does not know', async () => {
    const empty = await importCsv('', true);
    expect(empty.json().errors).toEqual([{ row: 1, column: null, message: 'The file is empty: it needs a header row naming the columns.' }]);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]);
    const binary = await importCsv(png);
    expect(binary.statusCode).toBe(422);
    expect(binary.json().errors[0]).toMatchObject({ row: 1, message: expect.stringMatching(/^This is not a CSV file/) });
    const json = await importCsv('{"title": "Not a CSV file"}');
    expect(json.statusCode).toBe(422);
    expect(json.json().errors).toEqual([{ row: 1, column: null, message: 'A " in the middle of a cell: put the whole cell in quotes and double the " inside it.' }]);
    const letter = await importCsv('Dear team\nPlease find our catalogue attached.');
    expect(letter.statusCode).toBe(422);
    expect(letter.json().errors[0]).toMatchObject({ row: 1, column: 'Dear team', message: expect.stringMatching(/^Unknown column "Dear team"\. The columns are: id, slug, type/) });
    const missing = await importCsv('slug,title\nx,y');
    expect(missing.json().errors.map((e: { column: string }) => e.column)).toEqual(['type', 'description', 'category']);
    const ragged = await importCsv([header, 'services,short-row,Short'].join('\n'));
    expect(ragged.json().errors).toEqual([{ row: 2, column: null, message: 'This row has 3 cells but the header has 9 columns.' }]);
    await expectNothingStored();
  });

  it('refuses a body that is not sent as CSV', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/admin/import/listings', headers: { cookie: admin.cookie }, payload: { title: 'x' } });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBeTruthy();
  });

  it('answers 413 with a message beyond 100,000 rows and beyond 100 MB', async () => {
    const rows = `${header}\n${'services,x,T,D,design,,,,\n'.repeat(IMPORT_MAX_ROWS + 1)}`;
    const tooMany = await importCsv(rows, true);
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().message).toBe('The file has more than 100,000 rows. Split it into smaller files.');
    const tooLarge = await importCsv(`${header}\n${'x'.repeat(IMPORT_MAX_BYTES)}`, true);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('The file is larger than 100 MB. Split it into smaller files.');
    await expectNothingStored();
  });
});
