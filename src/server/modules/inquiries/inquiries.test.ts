import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, outbox } from '../../../db/schema/messages';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';
import { INQUIRIES_PER_MINUTE } from './inquiries.routes';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true, email: 'studio@provider.test' });
const category = await createCategory(db, { type: 'services' });
const service = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, title: 'Brand strategy sprint' });

const contact = (cookie: string | undefined, id: number | string, payload: unknown, type = 'services') =>
  app.inject({ method: 'POST', url: `/api/${type}/${id}/contact`, headers: cookie ? { cookie } : {}, payload: payload as object });

const valid = { name: 'Ada Member', email: 'ada@agency.test', message: 'Can you start next week?' };

describe('contacting a provider', () => {
  it('stores the message for the provider and e-mails them through the outbox', async () => {
    const member = await createUser(app, db);
    const res = await contact(member.cookie, service.id, { ...valid, name: '  Ada Member ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().id).toEqual(expect.any(Number));

    const [stored] = await db.select().from(messages).where(eq(messages.id, res.json().id));
    expect(stored).toMatchObject({
      kind: 'listing',
      listingId: service.id,
      recipientId: provider.id,
      senderId: member.id,
      name: 'Ada Member',
      email: 'ada@agency.test',
      message: 'Can you start next week?',
    });

    const [mail] = await db.select().from(outbox).orderBy(desc(outbox.id)).limit(1);
    expect(mail).toMatchObject({ to: 'studio@provider.test', subject: 'New inquiry about "Brand strategy sprint"' });
    expect(mail!.text).toContain('Can you start next week?');
    expect(mail!.text).toContain('ada@agency.test');
    expect(mail!.text).toMatch(/\/provider$/);
  });

  it('keeps the lead for the provider when the service it was about is deleted', async () => {
    const member = await createUser(app, db);
    const doomed = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, title: 'Retired package' });
    const sent = await contact(member.cookie, doomed.id, { ...valid, message: 'Is this still available?' });
    expect(sent.statusCode).toBe(201);

    const removed = await app.inject({ method: 'DELETE', url: `/api/provider/services/${doomed.id}`, headers: { cookie: provider.cookie } });
    expect(removed.statusCode).toBe(204);

    const leads = await app.inject({ url: '/api/provider/leads', headers: { cookie: provider.cookie } });
    const lead = leads.json().find((entry: { id: number }) => entry.id === sent.json().id);
    expect(lead).toMatchObject({ message: 'Is this still available?', listing: null });
  });

  it("refuses a provider's message about their own listing: it would count as a lead, and stores nothing", async () => {
    const before = (await db.select().from(messages)).length;
    const leadsBefore = (await app.inject({ url: '/api/provider/leads', headers: { cookie: provider.cookie } })).json();
    const res = await contact(provider.cookie, service.id, valid);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'This is your own listing: agencies contact you here, you cannot send yourself a message.' });
    expect(await db.select().from(messages)).toHaveLength(before);
    const leads = await app.inject({ url: '/api/provider/leads', headers: { cookie: provider.cookie } });
    expect(leads.json()).toEqual(leadsBefore);
  });

  it('answers 401 when signed out and stores nothing', async () => {
    const before = (await db.select().from(messages)).length;
    const res = await contact(undefined, service.id, valid);
    expect(res.statusCode).toBe(401);
    expect((await db.select().from(messages)).length).toBe(before);
  });

  it('asks for every field with the spec message', async () => {
    const member = await createUser(app, db);
    for (const payload of [{}, { ...valid, name: ' ' }, { ...valid, email: '' }, { ...valid, message: undefined }, { ...valid, name: 42 }]) {
      const res = await contact(member.cookie, service.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all contact form fields.');
    }
    const badEmail = await contact(member.cookie, service.id, { ...valid, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email');
    expect((await contact(member.cookie, service.id, { ...valid, message: 'x'.repeat(5001) })).statusCode).toBe(400);
  });

  it('answers 404 for services that are not live or do not exist, and 400 for bad ids', async () => {
    const member = await createUser(app, db);
    const pending = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, status: 'pending' });
    expect((await contact(member.cookie, pending.id, valid)).statusCode).toBe(404);
    expect((await contact(member.cookie, 999_999, valid)).statusCode).toBe(404);
    const tool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: (await createCategory(db, { type: 'tools' })).id });
    expect((await contact(member.cookie, tool.id, valid)).statusCode).toBe(404);
    for (const id of ['abc', '-1', '2.5']) expect((await contact(member.cookie, id, valid)).statusCode).toBe(400);
  });

  it('has no contact form for tools', async () => {
    const member = await createUser(app, db);
    const res = await contact(member.cookie, 1, valid, 'tools');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Tools have no contact form: only service providers can be contacted.');
    expect((await contact(undefined, 1, valid, 'tools')).statusCode).toBe(401);
  });

  it(`limits each member to ${INQUIRIES_PER_MINUTE} messages a minute`, async () => {
    const member = await createUser(app, db);
    for (let i = 0; i < INQUIRIES_PER_MINUTE; i++) expect((await contact(member.cookie, service.id, valid)).statusCode).toBe(201);
    const limited = await contact(member.cookie, service.id, valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    // Another member is not held back by the first one's quota.
    const other = await createUser(app, db);
    expect((await contact(other.cookie, service.id, valid)).statusCode).toBe(201);
  });
});
