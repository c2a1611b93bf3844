import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, outbox } from '../../../db/schema/messages';
import { createTestApp } from '../../../../test/test-app';
import { createUser } from '../../../../test/factories';
import { CONTACT_MESSAGES_PER_MINUTE } from './messages.routes';

const { app, db } = await createTestApp();

// Each test speaks from its own address, so the per-address rate limit only bites where it is tested.
let address = 0;
const contact = (payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/contact', payload: payload as object, headers, remoteAddress: `10.0.0.${++address}` });

const valid = { name: 'Grace Hopper', email: 'grace@agency.test', subject: 'Partnership', message: 'We would like to list our tools.' };

const latestMessage = async () => (await db.select().from(messages).orderBy(desc(messages.id)).limit(1))[0];

describe('POST /api/contact', () => {
  it('stores a visitor message as a site message, trimmed, and answers 201', async () => {
    const res = await contact({ name: '  Grace Hopper ', email: ' grace@agency.test ', subject: ' Partnership ', message: ' We would like to list our tools. ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Message sent' });
    expect(await latestMessage()).toMatchObject({ kind: 'site', senderId: null, recipientId: null, listingId: null, ...valid });
  });

  it('with no administrator yet, e-mails the support address the site shows, so the message reaches someone', async () => {
    const res = await contact({ ...valid, subject: 'Before any admin' });
    expect(res.statusCode).toBe(201);
    const mails = await db.select().from(outbox).where(eq(outbox.subject, 'Contact form: Before any admin'));
    expect(mails.map((mail) => mail.to)).toEqual(['support@localhost']);
  });

  it('e-mails every administrator, and nobody else, through the outbox', async () => {
    const first = await createUser(app, db, { isAdmin: true });
    const second = await createUser(app, db, { isAdmin: true });
    const member = await createUser(app, db);
    const res = await contact({ ...valid, subject: 'Listing question' });
    expect(res.statusCode).toBe(201);
    const mails = await db.select().from(outbox).where(eq(outbox.subject, 'Contact form: Listing question'));
    expect(mails.map((mail) => mail.to).sort()).toEqual([first.email, second.email].sort());
    expect(mails.map((mail) => mail.to)).not.toContain(member.email);
    expect(mails[0]!.text).toContain('We would like to list our tools.');
    expect(mails[0]!.text).toContain('grace@agency.test');
  });

  it('links the message to the signed-in sender', async () => {
    const member = await createUser(app, db);
    const res = await contact(valid, { cookie: member.cookie });
    expect(res.statusCode).toBe(201);
    const [stored] = await db.select().from(messages).where(eq(messages.senderId, member.id));
    expect(stored).toMatchObject({ kind: 'site', subject: 'Partnership' });
  });

  it('asks for every field with the spec message and stores nothing', async () => {
    const before = (await db.select().from(messages)).length;
    for (const payload of [{}, { ...valid, name: '   ' }, { ...valid, email: '' }, { ...valid, subject: undefined }, { ...valid, message: '\n ' }, { ...valid, name: 42 }]) {
      const res = await contact(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please fill in all required fields.');
    }
    expect((await db.select().from(messages)).length).toBe(before);
  });

  it('refuses a malformed e-mail, over-long text and a body that is not an object, never with a 500', async () => {
    const badEmail = await contact({ ...valid, email: 'not-an-address' });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe('Please enter a valid email');

    const tooLong = await contact({ ...valid, message: 'x'.repeat(5001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors.message).toMatch(/at most 5000/);

    for (const payload of ['[1,2]', '"text"', '{"name":']) {
      const res = await app.inject({ method: 'POST', url: '/api/contact', payload, headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
  });

  it('ignores a sender id in the body: only the session says who sent it', async () => {
    const res = await contact({ ...valid, senderId: 'someone-else', kind: 'listing' });
    expect(res.statusCode).toBe(201);
    expect(await latestMessage()).toMatchObject({ kind: 'site', senderId: null });
  });

  it('answers 429 after too many messages from one address', async () => {
    const remoteAddress = '10.9.9.9';
    const send = () => app.inject({ method: 'POST', url: '/api/contact', payload: valid, remoteAddress });
    for (let i = 0; i < CONTACT_MESSAGES_PER_MINUTE; i++) expect((await send()).statusCode).toBe(201);
    const limited = await send();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
  });
});
