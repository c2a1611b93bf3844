import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCategory, createListing, createPartnerProgramme, createUser, type TestUser } from '../../../../test/factories';
import { createTestApp } from '../../../../test/test-app';
import { auditLog } from '../../../db/schema/audit';
import { listingDailyFigures } from '../../../db/schema/daily-figures';
import { outbox } from '../../../db/schema/messages';
import { APPLICATIONS_PER_HOUR } from './partner-applications.routes';

const { app, db } = await createTestApp();

const provider = await createUser(app, db, { isProvider: true, email: 'vendor@provider.test' });
const admin = await createUser(app, db, { isAdmin: true });
const category = await createCategory(db, { type: 'services' });
const listing = async (title: string, joinApproval: 'instant' | 'reviewed' | null = 'reviewed') => {
  const row = await createListing(db, { type: 'services', providerId: provider.id, categoryId: category.id, title, price: '120.00', priceType: 'monthly' });
  if (joinApproval) await createPartnerProgramme(db, row.id, { visibility: 'on_request', joinApproval, termsUrl: 'https://partners.example.test/terms' });
  return row;
};

const form = { agencyName: 'Harbour Digital', agencyWebsite: 'harbour.example', clientCount: 14, regions: 'UK, Ireland', services: 'SEO, paid search', message: 'We resell reporting to 14 clients.' };
const inject = (method: 'GET' | 'POST', url: string, user?: TestUser, payload?: object) =>
  app.inject({ method, url, headers: user ? { cookie: user.cookie } : {}, ...(payload ? { payload } : {}) });
const applyTo = (user: TestUser | undefined, id: number, payload: object = form, type = 'services') => inject('POST', `/api/${type}/${id}/partner-applications`, user, payload);
const act = (user: TestUser | undefined, id: number, action: string, payload: object = {}) => inject('POST', `/api/partner-applications/${id}/${action}`, user, payload);
const mailsTo = async (to: string) => db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.id));

describe('applying to a partner programme', () => {
  it('stores the application, e-mails the provider, counts it in the daily figures and the audit log', async () => {
    const member = await createUser(app, db);
    const target = await listing('Reporting suite');
    const res = await applyTo(member, target.id, { ...form, agencyName: '  Harbour\u0000 Digital\u202E ', message: 'Line one\r\nLine two' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ status: 'pending', agencyName: 'Harbour Digital', agencyWebsite: 'https://harbour.example', clientCount: 14, message: 'Line one\nLine two', onboarding: null });
    expect(body.listing).toMatchObject({ id: target.id, title: 'Reporting suite' });

    const [mail] = await mailsTo('vendor@provider.test');
    expect(mail).toMatchObject({ subject: 'New partner application for "Reporting suite"' });
    expect(mail!.text).toContain('/provider?tab=applications');
    const [figures] = await db.select().from(listingDailyFigures).where(eq(listingDailyFigures.listingId, target.id));
    expect(figures?.partnerApplications).toBe(1);
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityType, 'partner_application'), eq(auditLog.entityId, String(body.id))));
    expect(audit.map((entry) => entry.action)).toEqual(['partner_application.submit']);

    const insight = await inject('GET', `/api/provider/insight?listing=${target.id}&range=7`, provider);
    expect(insight.json().totals.partnerApplications.value).toBe(1);
  });

  it('approves at once when the programme joins instantly', async () => {
    const member = await createUser(app, db);
    const target = await listing('Instant tool', 'instant');
    const res = await applyTo(member, target.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'approved', onboarding: { joinUrl: 'https://partners.example.test/apply', termsUrl: 'https://partners.example.test/terms' } });
    expect((await mailsTo(member.email))[0]?.subject).toBe('You are a partner of "Instant tool"');
  });

  it('refuses what it cannot take, each with a clear 4xx', async () => {
    const member = await createUser(app, db);
    const bare = await listing('No programme', null);
    expect((await applyTo(member, bare.id)).json()).toEqual({ message: 'This listing has no partner programme to apply to.' });
    expect((await applyTo(member, bare.id)).statusCode).toBe(400);
    const target = await listing('Own programme');
    const own = await applyTo(provider, target.id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toMatch(/your own listing/);
    expect((await applyTo(member, 999_999)).statusCode).toBe(404);
    expect((await applyTo(undefined, target.id)).statusCode).toBe(401);

    const first = await applyTo(member, target.id);
    expect(first.statusCode).toBe(201);
    const second = await applyTo(member, target.id);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('You already have an open application to this partner programme.');

    const tooLong = await applyTo(member, target.id, { ...form, message: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/Message must be at most 2000 characters/);
    const blank = await applyTo(member, target.id, { ...form, agencyName: ' \u0007 ' });
    expect(blank.statusCode).toBe(400);
    const badSite = await applyTo(member, target.id, { ...form, agencyWebsite: 'javascript:alert(1)' });
    expect(badSite.statusCode).toBe(400);
    const clients = await applyTo(member, target.id, { ...form, clientCount: -1 });
    expect(clients.statusCode).toBe(400);
  });

  it('rate-limits each member', async () => {
    const member = await createUser(app, db);
    const bare = await listing('Limit target', null);
    for (let i = 0; i < APPLICATIONS_PER_HOUR; i++) expect((await applyTo(member, bare.id)).statusCode).toBe(400);
    const limited = await applyTo(member, bare.id);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // Another member has a quota of their own.
    expect((await applyTo(await createUser(app, db), bare.id)).statusCode).toBe(400);
  });
});

describe('deciding on an application', () => {
  it('approve sends one e-mail however often it is pressed, with the onboarding', async () => {
    const member = await createUser(app, db);
    const target = await listing('Approve twice');
    const { id } = (await applyTo(member, target.id)).json();
    const presses = await Promise.all([1, 2, 3].map(() => act(provider, id, 'approve', { welcomeMessage: 'Welcome aboard: book your kickoff call.' })));
    for (const press of presses) expect(press.statusCode).toBe(200);
    const approved = presses[0]!.json();
    expect(approved).toMatchObject({ status: 'approved', onboarding: { welcomeMessage: 'Welcome aboard: book your kickoff call.', joinUrl: 'https://partners.example.test/apply' } });
    const mails = (await mailsTo(member.email)).filter((mail) => mail.subject === 'You are a partner of "Approve twice"');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('Welcome aboard');
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), like(auditLog.action, 'partner_application.%')));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['partner_application.approve', 'partner_application.submit']);
    // A partner cannot apply again.
    expect((await applyTo(member, target.id)).json().message).toBe('You are already a partner in this programme.');
  });

  it('decline takes a reason and a note; the member may apply again after the waiting period', async () => {
    const member = await createUser(app, db);
    const target = await listing('Decline me');
    const { id } = (await applyTo(member, target.id)).json();
    expect((await act(provider, id, 'decline', { reason: 'because', reapplyAfterDays: 10 })).statusCode).toBe(400);
    const declined = await act(provider, id, 'decline', { reason: 'regions_not_covered', note: 'We only cover the Nordics.', reapplyAfterDays: 10 });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', declineReason: 'regions_not_covered', declineNote: 'We only cover the Nordics.' });
    expect((await act(provider, id, 'decline', { reason: 'other', reapplyAfterDays: 1 })).json().declineReason).toBe('regions_not_covered');
    const mails = (await mailsTo(member.email)).filter((mail) => mail.subject.includes('was declined'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('The programme does not cover your regions');
    const again = await applyTo(member, target.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/you can apply again from/);
    expect((await act(provider, id, 'approve')).statusCode).toBe(409);

    const other = await createUser(app, db);
    const second = (await applyTo(other, target.id)).json();
    await act(provider, second.id, 'decline', { reason: 'not_a_fit', reapplyAfterDays: 0 });
    expect((await applyTo(other, target.id)).statusCode).toBe(201);
  });

  it('ask for more information: the member answers in the same thread, then the provider decides', async () => {
    const member = await createUser(app, db);
    const target = await listing('Questions');
    const { id } = (await applyTo(member, target.id)).json();
    const asked = await act(provider, id, 'request-info', { message: 'Which reporting tools do you use today?' });
    expect(asked.json()).toMatchObject({ status: 'info_requested', thread: [{ authorRole: 'provider', kind: 'question', body: 'Which reporting tools do you use today?' }] });
    await act(provider, id, 'request-info', { message: 'Which reporting tools do you use today?' });
    expect((await mailsTo(member.email)).filter((mail) => mail.subject.includes('asks about'))).toHaveLength(1);
    expect((await act(provider, id, 'answer', { message: 'Mine' })).statusCode).toBe(403);
    const answered = await act(member, id, 'answer', { message: 'Looker Studio and spreadsheets.' });
    expect(answered.json().status).toBe('pending');
    expect(answered.json().thread.map((m: { kind: string }) => m.kind)).toEqual(['question', 'answer']);
    expect((await mailsTo('vendor@provider.test'))[0]?.subject).toBe('Harbour Digital answered about their partner application for "Questions"');
    expect((await act(member, id, 'approve')).statusCode).toBe(403);
  });

  it('both sides can withdraw; a withdrawn partnership stops the grant', async () => {
    const member = await createUser(app, db);
    const target = await listing('Withdraw');
    const { id } = (await applyTo(member, target.id)).json();
    const withdrawn = await act(member, id, 'withdraw');
    expect(withdrawn.json()).toMatchObject({ status: 'withdrawn', withdrawnBy: 'applicant' });
    const next = (await applyTo(member, target.id)).json();
    await act(provider, next.id, 'approve');
    const ended = await act(provider, next.id, 'withdraw', { note: 'The programme is closing.' });
    expect(ended.json()).toMatchObject({ status: 'withdrawn', withdrawnBy: 'provider' });
    const terms = await inject('GET', `/api/services/${target.id}/partner-programme`, member);
    expect(terms.json().programme.numbersHidden).toBe(true);
  });
});

describe('who sees which applications', () => {
  it('visitors get 401, strangers 404, the applicant and the provider their own, administrators all', async () => {
    const member = await createUser(app, db);
    const stranger = await createUser(app, db);
    const otherProvider = await createUser(app, db, { isProvider: true });
    const target = await listing('Permissions');
    const { id } = (await applyTo(member, target.id)).json();

    for (const url of [`/api/partner-applications/${id}`, '/api/partner-applications/mine', '/api/provider/partner-applications', '/api/admin/partner-applications']) {
      expect((await inject('GET', url)).statusCode).toBe(401);
    }
    for (const action of ['approve', 'decline', 'request-info', 'answer', 'withdraw']) {
      expect((await act(undefined, id, action, {})).statusCode).toBe(401);
      expect((await act(stranger, id, action, { reason: 'other', message: 'x' })).statusCode).toBe(404);
      expect((await act(otherProvider, id, action, { reason: 'other', message: 'x' })).statusCode).toBe(404);
    }
    expect((await inject('GET', `/api/partner-applications/${id}`, stranger)).statusCode).toBe(404);
    expect((await inject('GET', '/api/admin/partner-applications', member)).statusCode).toBe(403);

    expect((await inject('GET', '/api/partner-applications/mine', member)).json().map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await inject('GET', '/api/partner-applications/mine', stranger)).json()).toEqual([]);
    expect((await inject('GET', '/api/provider/partner-applications?status=open', provider)).json().map((a: { id: number }) => a.id)).toContain(id);
    expect((await inject('GET', '/api/provider/partner-applications', otherProvider)).json()).toEqual([]);
    expect((await inject('GET', '/api/admin/partner-applications?status=pending', admin)).json().map((a: { id: number }) => a.id)).toContain(id);

    const byAdmin = await act(admin, id, 'decline', { reason: 'incomplete', reapplyAfterDays: 0 });
    expect(byAdmin.json().status).toBe('declined');
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityId, String(id)), eq(auditLog.action, 'partner_application.decline')));
    expect(audit[0]?.actorId).toBe(admin.id);
  });
});
