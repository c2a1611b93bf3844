import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { parseSearch } from './listing-search';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true });
const tools = await createCategory(db, { type: 'tools' });
const tool = (overrides: Partial<Parameters<typeof createListing>[1]>) =>
  createListing(db, { type: 'tools', providerId: provider.id, categoryId: tools.id, ...overrides });

const hubspot = await tool({ title: 'HubSpot CRM', description: 'Contacts, deals and pipelines for growing teams.', tags: ['sales'] });
const mailchimp = await tool({ title: 'Mailchimp', description: 'Email campaigns and automations.', tags: ['email', 'marketing'] });
const taggedCrm = await tool({ title: 'Deal Tracker', description: 'Keeps your deals moving.', tags: ['crm'] });
const describedCrm = await tool({ title: 'Contact Book', description: 'A lightweight crm for freelancers.', shortDescription: 'Simple address book' });
const analytics = await tool({ title: 'Analytics Dashboard', description: 'Reports on marketing performance.' });
const hidden = await tool({ title: 'HubSpot Clone', description: 'Not live yet.', status: 'pending' });

const search = (term: string, extra = '') => app.inject({ url: `/api/tools?search=${encodeURIComponent(term)}${extra}` });
const ids = (res: { json: () => { id: number }[] }) => res.json().map((l) => l.id);

describe('parseSearch', () => {
  it('keeps only words, as prefixes that must all match', () => {
    expect(parseSearch('  HubSpot   CRM ')).toEqual({ words: ['hubspot', 'crm'], prefixQuery: 'hubspot:* & crm:*', text: 'hubspot crm' });
  });

  it('drops every character of tsquery syntax', () => {
    const terms = parseSearch(`a & b | !c <-> 'd' "e":* (f) \\ g;--`);
    expect(terms.words).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(terms.prefixQuery).toMatch(/^[a-z:* &]+$/);
  });

  it('keeps letters of any script and digits, and gives nothing for punctuation only', () => {
    expect(parseSearch('Café 2024 Ünïcode').words).toEqual(['café', '2024', 'ünïcode']);
    expect(parseSearch('!!! ??? ...').words).toEqual([]);
  });
});

describe('GET /api/tools?search=', () => {
  it('finds by prefix of a title word, live listings only', async () => {
    const res = await search('hubs');
    expect(res.statusCode).toBe(200);
    expect(ids(res)).toEqual([hubspot.id]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(ids(res)).not.toContain(hidden.id);
  });

  it('finds a misspelt title: "hubspt" finds HubSpot CRM', async () => {
    expect(ids(await search('hubspt'))).toEqual([hubspot.id]);
    expect(ids(await search('mailchmp'))).toEqual([mailchimp.id]);
  });

  it('ranks a title match above tags above the description', async () => {
    expect(ids(await search('crm'))).toEqual([hubspot.id, taggedCrm.id, describedCrm.id]);
  });

  it('needs every word, stemmed: "marketing email" finds the listing that has both', async () => {
    expect(ids(await search('email marketing'))).toEqual([mailchimp.id]);
    expect(ids(await search('marketing'))).toEqual(expect.arrayContaining([mailchimp.id, analytics.id]));
  });

  it('combines with filters and paging', async () => {
    const page = await search('crm', '&limit=1&offset=1');
    expect(ids(page)).toEqual([taggedCrm.id]);
    expect(page.headers['x-total-count']).toBe('3');
    expect((await search('crm', '&rating=4')).json()).toEqual([]);
  });

  it('is safe with any characters, and finds nothing for text without words', async () => {
    for (const term of ["'", '\\', ':*', '&|!', '(((', "'; drop table listings; --", '%_', '<->', '\u0000x']) {
      const res = await search(term);
      expect(res.statusCode, term).toBe(200);
    }
    expect((await search('!!!')).json()).toEqual([]);
    expect((await search('!!!')).headers['x-total-count']).toBe('0');
  });

  it('answers only stop words with an empty list, not an error', async () => {
    const res = await search('the');
    expect(res.statusCode).toBe(200);
  });

  it('cuts search text at 100 characters instead of failing', async () => {
    const res = await search(`hubspot ${'x'.repeat(500)}`);
    expect(res.statusCode).toBe(200);
  });
});
