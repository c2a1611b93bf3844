import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createPartnerProgramme, createUser } from '../../../../test/factories';
import { partnerProgrammeProposals } from '../../../db/schema/partner-programmes';
import { plans } from '../../../db/schema/plans';
import { rowToTerms } from '../../../db/partner-programme-terms';
import { registeredRoutes } from '../../../../test/registered-routes';

const { app, db } = await createTestApp();

const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);
const provider = await createUser(app, db, { isProvider: true });
const category = await createCategory(db);
const target = await createUser(app, db);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/** `route` is the registered pattern the call exercises ("PUT /api/admin/users/:userId/admin"). */
type Call = { route: string; url: string; payload?: object | string; contentType?: string; ok: number };

const methodOf = (call: Call) => call.route.split(' ')[0] as Method;

/** What the matrix must cover: everything under /api/admin, and the category writes. */
const adminRoutes = () =>
  registeredRoutes(app).filter((route) => / \/api\/admin\//.test(route) || /^(POST|PUT|DELETE) \/api\/categories\b/.test(route));

/** Every administrator endpoint with a valid request and what an administrator gets for it. */
async function calls(): Promise<Call[]> {
  const pending = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
  const pendingToReject = await createListing(db, { providerId: provider.id, categoryId: category.id, status: 'pending' });
  const pendingTool = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, status: 'pending' });
  const pendingToolToApprove = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id, status: 'pending' });
  const toDelete = await createListing(db, { providerId: provider.id, categoryId: category.id });
  const toolToDelete = await createListing(db, { type: 'tools', providerId: provider.id, categoryId: category.id });
  const victim = await createUser(app, db);
  const emptyCategory = await createCategory(db);
  const n = Math.random().toString(36).slice(2, 10);
  const override = await app.inject({
    method: 'POST',
    url: '/api/admin/seo/overrides',
    payload: { pageType: 'tool', entityId: `existing-${n}`, title: 'Existing' },
    headers: { cookie: admin.cookie },
  });
  const overrideId = (override.json() as { id: number }).id;
  const synonym = await app.inject({ method: 'POST', url: '/api/admin/search-synonyms', payload: { from: `old-${n}`, terms: [`new ${n}`] }, headers: { cookie: admin.cookie } });
  const synonymId = (synonym.json() as { id: number }).id;
  // Listing claims: two unclaimed listings, each with a member's claim by evidence to decide.
  const evidenceClaim = async () => {
    const unclaimed = await createListing(db, { providerId: null, categoryId: category.id, unclaimedCompany: `Unclaimed ${n} ${Math.random()}`, unclaimedWebsite: null });
    const claimant = await createUser(app, db);
    const claim = await app.inject({ method: 'POST', url: `/api/listings/${unclaimed.id}/claims/evidence`, payload: { evidence: 'I run this company: see our registry entry and the team page.' }, headers: { cookie: claimant.cookie } });
    expect(claim.statusCode, claim.body).toBe(201);
    return (claim.json() as { claim: { id: number } }).claim.id;
  };
  const [claimToApprove, claimToReject] = [await evidenceClaim(), await evidenceClaim()];
  // Plans: one to edit and record a payment for, one nobody is on to delete.
  const planPayload = (name: string) => ({ name, description: '', price: 20, period: 'month', listingLimit: 5, featuredSlots: 1, insight: true, partnerTerms: true, badge: null, stripePaymentLink: null, stripePriceId: null });
  const [paidPlan] = await db.insert(plans).values({ name: `Paid ${n}`, priceCents: 2000 }).returning();
  const [unusedPlan] = await db.insert(plans).values({ name: `Unused ${n}`, priceCents: 1000 }).returning();
  const paidDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  // Partner programmes: one with a change waiting per type (approve, reject), one to verify.
  const withProposal = async (type: 'services' | 'tools') => {
    const listing = await createListing(db, { type, providerId: provider.id, categoryId: category.id });
    const programme = await createPartnerProgramme(db, listing.id);
    await db.insert(partnerProgrammeProposals).values({ listingId: listing.id, terms: { ...rowToTerms(programme), trialDays: 14 } });
    return listing;
  };
  const [serviceProposal, serviceProposalToReject] = [await withProposal('services'), await withProposal('services')];
  const [toolProposal, toolProposalToReject] = [await withProposal('tools'), await withProposal('tools')];
  const today = new Date().toISOString().slice(0, 10);
  const site = (await app.inject({ url: '/api/admin/site', headers: { cookie: admin.cookie } })).json() as object;
  const programme = (type: string, id: number, action: string) => `/api/admin/${type}/${id}/partner-programme/${action}`;
  // A reported review, for the queue and a decision on it.
  const reviewed = await createListing(db, { providerId: provider.id, categoryId: category.id });
  const reviewer = await createUser(app, db);
  const review = await app.inject({ method: 'POST', url: `/api/services/${reviewed.id}/reviews`, headers: { cookie: reviewer.cookie }, payload: { rating: 2, comment: 'Slow.' } });
  const reviewId = (review.json() as { id: number }).id;
  await app.inject({ method: 'POST', url: `/api/reviews/${reviewId}/reports`, headers: { cookie: member.cookie }, payload: { reason: 'spam' } });
  return [
    { route: 'GET /api/admin/review-reports', url: '/api/admin/review-reports', ok: 200 },
    { route: 'POST /api/admin/review-reports/:reviewId/decision', url: `/api/admin/review-reports/${reviewId}/decision`, payload: { decision: 'keep' }, ok: 200 },
    { route: 'GET /api/admin/partner-programmes', url: '/api/admin/partner-programmes?filter=unverified', ok: 200 },
    { route: 'GET /api/admin/partner-applications', url: '/api/admin/partner-applications?status=open', ok: 200 },
    { route: 'POST /api/admin/services/:id/partner-programme/approve', url: programme('services', serviceProposal.id, 'approve'), ok: 200 },
    { route: 'POST /api/admin/tools/:id/partner-programme/reject', url: programme('tools', toolProposalToReject.id, 'reject'), payload: { reason: 'No' }, ok: 200 },
    { route: 'POST /api/admin/services/:id/partner-programme/verify', url: programme('services', serviceProposal.id, 'verify'), payload: { verifiedAt: today, source: 'call' }, ok: 200 },
    { route: 'GET /api/admin/services/:id/partner-programme/changes', url: programme('services', serviceProposal.id, 'changes'), ok: 200 },
    { route: 'POST /api/admin/tools/:id/partner-programme/approve', url: programme('tools', toolProposal.id, 'approve'), ok: 200 },
    { route: 'POST /api/admin/services/:id/partner-programme/reject', url: programme('services', serviceProposalToReject.id, 'reject'), ok: 200 },
    { route: 'POST /api/admin/tools/:id/partner-programme/verify', url: programme('tools', toolProposal.id, 'verify'), payload: { verifiedAt: today, source: 'document' }, ok: 200 },
    { route: 'GET /api/admin/tools/:id/partner-programme/changes', url: programme('tools', toolProposal.id, 'changes'), ok: 200 },
    { route: 'GET /api/admin/overview', url: '/api/admin/overview', ok: 200 },
    { route: 'GET /api/admin/users', url: '/api/admin/users?search=a&limit=5', ok: 200 },
    {
      route: 'POST /api/admin/users',
      url: '/api/admin/users',
      payload: { id: `user-${n}`, slug: `new-user-${n}`, email: `new-${n}@example.test`, firstName: 'New', lastName: 'User' },
      ok: 201,
    },
    { route: 'PUT /api/admin/users/:userId/admin', url: `/api/admin/users/${target.id}/admin`, payload: { isAdmin: false }, ok: 200 },
    { route: 'PUT /api/admin/users/:userId/provider', url: `/api/admin/users/${target.id}/provider`, payload: { isProvider: true }, ok: 200 },
    { route: 'DELETE /api/admin/users/:userId', url: `/api/admin/users/${victim.id}`, ok: 204 },
    { route: 'GET /api/admin/services/pending', url: '/api/admin/services/pending', ok: 200 },
    { route: 'GET /api/admin/tools/pending', url: '/api/admin/tools/pending', ok: 200 },
    { route: 'POST /api/admin/services/:id/approve', url: `/api/admin/services/${pending.id}/approve`, ok: 200 },
    { route: 'POST /api/admin/tools/:id/approve', url: `/api/admin/tools/${pendingToolToApprove.id}/approve`, ok: 200 },
    { route: 'POST /api/admin/tools/:id/reject', url: `/api/admin/tools/${pendingTool.id}/reject`, payload: { reason: 'Too vague' }, ok: 200 },
    { route: 'POST /api/admin/services/:id/reject', url: `/api/admin/services/${pendingToReject.id}/reject`, ok: 200 },
    { route: 'PATCH /api/admin/services/:id/featured', url: `/api/admin/services/${toDelete.id}/featured`, payload: { isFeatured: true }, ok: 200 },
    { route: 'PATCH /api/admin/tools/:id/featured', url: `/api/admin/tools/${toolToDelete.id}/featured`, payload: { isFeatured: true }, ok: 200 },
    { route: 'DELETE /api/admin/services/:id', url: `/api/admin/services/${toDelete.id}`, ok: 204 },
    { route: 'DELETE /api/admin/tools/:id', url: `/api/admin/tools/${toolToDelete.id}`, ok: 204 },
    { route: 'GET /api/admin/listings', url: '/api/admin/listings?type=services&status=approved', ok: 200 },
    { route: 'GET /api/admin/listings/counts', url: '/api/admin/listings/counts?type=tools', ok: 200 },
    { route: 'GET /api/admin/audit', url: '/api/admin/audit?limit=5', ok: 200 },
    { route: 'GET /api/admin/site', url: '/api/admin/site', ok: 200 },
    { route: 'GET /api/admin/plans', url: '/api/admin/plans', ok: 200 },
    { route: 'POST /api/admin/plans', url: '/api/admin/plans', payload: planPayload(`New ${n}`), ok: 201 },
    { route: 'PUT /api/admin/plans/:id', url: `/api/admin/plans/${paidPlan!.id}`, payload: planPayload(`Paid ${n}`), ok: 200 },
    { route: 'DELETE /api/admin/plans/:id', url: `/api/admin/plans/${unusedPlan!.id}`, ok: 204 },
    { route: 'GET /api/admin/billing', url: '/api/admin/billing', ok: 200 },
    { route: 'PUT /api/admin/billing', url: '/api/admin/billing', payload: { customerPortalUrl: null, graceDays: 5 }, ok: 200 },
    { route: 'POST /api/admin/plan-payments', url: '/api/admin/plan-payments', payload: { email: provider.email, planId: paidPlan!.id, periodStart: paidDay(0), periodEnd: paidDay(30) }, ok: 201 },
    { route: 'POST /api/admin/providers/:id/plan/end', url: `/api/admin/providers/${provider.id}/plan/end`, ok: 204 },
    { route: 'PUT /api/admin/site', url: '/api/admin/site', payload: site, ok: 200 },
    { route: 'GET /api/admin/seo/templates', url: '/api/admin/seo/templates', ok: 200 },
    {
      route: 'PUT /api/admin/seo/templates/:pageType',
      url: '/api/admin/seo/templates/category',
      payload: { title: '{name} | {siteName}', description: '{description}' },
      ok: 200,
    },
    // The template saved just above.
    { route: 'DELETE /api/admin/seo/templates/:pageType', url: '/api/admin/seo/templates/category', ok: 204 },
    { route: 'GET /api/admin/seo/overrides', url: '/api/admin/seo/overrides', ok: 200 },
    { route: 'POST /api/admin/seo/overrides', url: '/api/admin/seo/overrides', payload: { pageType: 'home', entityId: n, title: 'Home' }, ok: 201 },
    {
      route: 'PUT /api/admin/seo/overrides/:id',
      url: `/api/admin/seo/overrides/${overrideId}`,
      payload: { pageType: 'tool', entityId: `existing-${n}`, title: 'Edited' },
      ok: 200,
    },
    { route: 'DELETE /api/admin/seo/overrides/:id', url: `/api/admin/seo/overrides/${overrideId}`, ok: 204 },
    { route: 'GET /api/admin/search-synonyms', url: '/api/admin/search-synonyms', ok: 200 },
    { route: 'GET /api/admin/listing-claims', url: '/api/admin/listing-claims', ok: 200 },
    { route: 'POST /api/admin/listing-claims/:id/approve', url: `/api/admin/listing-claims/${claimToApprove}/approve`, payload: {}, ok: 200 },
    { route: 'POST /api/admin/listing-claims/:id/reject', url: `/api/admin/listing-claims/${claimToReject}/reject`, payload: { reason: 'No proof of the company' }, ok: 200 },
    { route: 'POST /api/admin/search-synonyms', url: '/api/admin/search-synonyms', payload: { terms: [`a${n}`, `b${n}`] }, ok: 201 },
    { route: 'PUT /api/admin/search-synonyms/:id', url: `/api/admin/search-synonyms/${synonymId}`, payload: { from: `old-${n}`, terms: [`newer ${n}`] }, ok: 200 },
    { route: 'DELETE /api/admin/search-synonyms/:id', url: `/api/admin/search-synonyms/${synonymId}`, ok: 204 },
    { route: 'POST /api/categories', url: '/api/categories', payload: { name: `Cat ${n}`, slug: `cat-${n}`, type: 'services' }, ok: 201 },
    {
      route: 'PUT /api/categories/:id',
      url: `/api/categories/${emptyCategory.id}`,
      payload: { name: 'Renamed', slug: `renamed-${n}`, type: 'services' },
      ok: 200,
    },
    { route: 'DELETE /api/categories/:id', url: `/api/categories/${emptyCategory.id}`, ok: 204 },
    { route: 'GET /api/admin/export/listings.csv', url: '/api/admin/export/listings.csv?type=services', ok: 200 },
    { route: 'GET /api/admin/export/categories.csv', url: '/api/admin/export/categories.csv', ok: 200 },
    {
      route: 'POST /api/admin/import/listings',
      url: '/api/admin/import/listings',
      contentType: 'text/csv',
      payload: `type,slug,title,description,category,priceType,deliveryTime\nservices,imported-${n},Imported,Text,${category.slug},fixed,3\n`,
      ok: 200,
    },
    {
      route: 'POST /api/admin/import/categories',
      url: '/api/admin/import/categories',
      contentType: 'text/csv',
      payload: `type,slug,name\nservices,imported-${n},Imported\n`,
      ok: 200,
    },
  ];
}

describe('permission matrix of the administrator endpoints', () => {
  it('covers every registered administrator route, so a new one cannot be left out', async () => {
    const registered = adminRoutes();
    // The tree reader itself must work: these are known to exist.
    expect(registered).toContain('PUT /api/admin/seo/overrides/:id');
    expect(registered).toContain('PATCH /api/admin/tools/:id/featured');
    expect(registered).toContain('DELETE /api/categories/:id');
    const covered = (await calls()).map((call) => call.route);
    expect(new Set(covered).size, 'one call per route').toBe(covered.length);
    expect([...covered].sort()).toEqual([...registered].sort());
  });

  it('answers 401 to visitors, 403 to members and providers, and changes nothing for them', async () => {
    const list = await calls();
    for (const call of list) {
      const { url, payload } = call;
      const method = methodOf(call);
      const contentType = call.contentType ? { 'content-type': call.contentType } : {};
      const visitor = await app.inject({ method, url, payload, headers: contentType });
      expect(visitor.statusCode, `visitor ${method} ${url}`).toBe(401);
      for (const [role, user] of [['member', member], ['provider', provider]] as const) {
        const res = await app.inject({ method, url, payload, headers: { cookie: user.cookie, ...contentType } });
        expect(res.statusCode, `${role} ${method} ${url}: ${res.body}`).toBe(403);
        expect(res.json().message).toBeTruthy();
      }
    }
    // Nothing changed: the pending items are still pending.
    const pending = await app.inject({ url: '/api/admin/services/pending', headers: { cookie: admin.cookie } });
    expect(pending.json().length).toBeGreaterThan(0);
  });

  it('lets an administrator do every one of them', async () => {
    for (const call of await calls()) {
      const { url, payload, ok } = call;
      const method = methodOf(call);
      const res = await app.inject({ method, url, payload, headers: { cookie: admin.cookie, ...(call.contentType && { 'content-type': call.contentType }) } });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(ok);
    }
  });

  it('refuses a user who lost the admin flag at once', async () => {
    const former = await createUser(app, db, { isAdmin: true });
    expect((await app.inject({ url: '/api/admin/overview', headers: { cookie: former.cookie } })).statusCode).toBe(200);
    await app.inject({ method: 'PUT', url: `/api/admin/users/${former.id}/admin`, payload: { isAdmin: false }, headers: { cookie: admin.cookie } });
    expect((await app.inject({ url: '/api/admin/overview', headers: { cookie: former.cookie } })).statusCode).toBe(403);
  });
});
