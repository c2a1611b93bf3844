import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import { favorites, reviews } from '../../../db/schema/reviews';
import { sessions, users } from '../../../db/schema/users';
import { createTestApp, sessionCookie } from '../../../../test/test-app';
import { createCategory, createListing, createUser, TEST_PASSWORD, type TestUser } from '../../../../test/factories';

const { app, db } = await createTestApp();
const category = await createCategory(db, { type: 'services' });

const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
const whoAmI = (cookie: string) => app.inject({ url: '/api/auth/user', headers: { cookie } });
const changePassword = (user: TestUser, payload: object) => app.inject({ method: 'PUT', url: '/api/profile/password', headers: { cookie: user.cookie }, payload });
const deleteAccount = (user: TestUser, payload: object) => app.inject({ method: 'POST', url: '/api/profile/delete', headers: { cookie: user.cookie }, payload });

describe('changing one’s password', () => {
  it('needs the current password, then signs out every other session and keeps this one', async () => {
    const member = await createUser(app, db);
    const otherDevice = sessionCookie(await login(member.email, TEST_PASSWORD));

    const wrong = await changePassword(member, { currentPassword: 'not-my-password', newPassword: 'a-new-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: 'That is not your current password.', errors: { currentPassword: 'That is not your current password.' } });
    expect((await whoAmI(otherDevice)).statusCode).toBe(200);

    const short = await changePassword(member, { currentPassword: TEST_PASSWORD, newPassword: '123' });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toHaveProperty('newPassword');

    const changed = await changePassword(member, { currentPassword: TEST_PASSWORD, newPassword: 'a-new-password' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().message).toContain('Your password has been changed');
    expect((await whoAmI(member.cookie)).statusCode).toBe(200);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
    expect((await login(member.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(member.email, 'a-new-password')).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await app.inject({ method: 'PUT', url: '/api/profile/password', payload: { currentPassword: 'x', newPassword: 'a-new-password' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('deleting one’s account', () => {
  it('needs the password, and a wrong one deletes nothing', async () => {
    const member = await createUser(app, db);
    const response = await deleteAccount(member, { password: 'wrong-password' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ password: 'That is not your current password.' });
    expect(await db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
    expect((await whoAmI(member.cookie)).statusCode).toBe(200);
  });

  it("of a member: reviews removed and ratings recomputed, favourites gone, sent messages kept for the provider, every session ended", async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const service = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const member = await createUser(app, db);
    const stayer = await createUser(app, db);
    const otherDevice = sessionCookie(await login(member.email, TEST_PASSWORD));
    for (const [user, rating] of [[member, 1], [stayer, 5]] as const) {
      const review = await app.inject({ method: 'POST', url: `/api/services/${service.id}/reviews`, headers: { cookie: user.cookie }, payload: { rating, comment: 'My review.' } });
      expect(review.statusCode).toBe(201);
    }
    expect((await app.inject({ method: 'POST', url: `/api/favorites/${service.id}`, headers: { cookie: member.cookie } })).statusCode).toBe(200);
    const lead = await app.inject({ method: 'POST', url: `/api/services/${service.id}/contact`, headers: { cookie: member.cookie }, payload: { name: 'Dee Parting', email: 'dee@agency.test', message: 'Can we talk?' } });
    expect(lead.statusCode).toBe(201);
    expect((await db.select({ rating: listings.rating, reviewCount: listings.reviewCount }).from(listings).where(eq(listings.id, service.id)))[0]).toEqual({ rating: 3, reviewCount: 2 });

    const response = await deleteAccount(member, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(204);
    expect(response.cookies.find((cookie) => cookie.name === 'sid')?.value).toBe('');

    expect(await db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    expect((await whoAmI(member.cookie)).statusCode).toBe(401);
    expect((await whoAmI(otherDevice)).statusCode).toBe(401);
    expect(await db.select().from(reviews).where(eq(reviews.userId, member.id))).toEqual([]);
    expect(await db.select().from(favorites).where(eq(favorites.userId, member.id))).toEqual([]);
    expect((await db.select({ rating: listings.rating, reviewCount: listings.reviewCount }).from(listings).where(eq(listings.id, service.id)))[0]).toEqual({ rating: 5, reviewCount: 1 });

    // The provider keeps the message, signed as it was sent.
    const [kept] = await db.select().from(messages).where(eq(messages.id, lead.json().id));
    expect(kept).toMatchObject({ senderId: null, recipientId: provider.id, name: 'Dee Parting', email: 'dee@agency.test', message: 'Can we talk?' });
    const leads = (await app.inject({ url: '/api/provider/leads', headers: { cookie: provider.cookie } })).json();
    expect(leads.map((entry: { id: number }) => entry.id)).toContain(lead.json().id);

    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, member.id));
    expect(entry).toMatchObject({ action: 'account.delete', actorId: null, actorEmail: member.email });
  });

  it("of a provider: their listings taken down, the leads in their inbox gone with them", async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const service = await createListing(db, { providerId: provider.id, categoryId: category.id });
    const member = await createUser(app, db);
    await app.inject({ method: 'POST', url: `/api/services/${service.id}/contact`, headers: { cookie: member.cookie }, payload: { name: 'Mo', email: 'mo@agency.test', message: 'Hello' } });

    expect((await deleteAccount(provider, { password: TEST_PASSWORD })).statusCode).toBe(204);
    expect((await app.inject(`/api/services/${service.id}`)).statusCode).toBe(404);
    expect(await db.select().from(listings).where(eq(listings.providerId, provider.id))).toEqual([]);
    expect(await db.select().from(messages).where(eq(messages.recipientId, provider.id))).toEqual([]);
  });

  it('refuses an administrator, who could leave the site without one', async () => {
    const admin = await createUser(app, db, { isAdmin: true });
    const response = await deleteAccount(admin, { password: TEST_PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toContain('ask another administrator');
    expect(await db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1);
  });
});
