import sharp from 'sharp';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../../db/schema/audit';
import { images } from '../../../db/schema/images';
import { createTestApp } from '../../../../test/test-app';
import { createUser } from '../../../../test/factories';

const { app, db } = await createTestApp({ productName: 'HubSpot', siteName: 'Agency Stack', supportEmail: 'help@stack.example.org' });
const admin = await createUser(app, db, { isAdmin: true });
const member = await createUser(app, db);

const current = async () => (await app.inject({ url: '/api/admin/site', headers: { cookie: admin.cookie } })).json();
const save = (payload: object, cookie = admin.cookie) => app.inject({ method: 'PUT', url: '/api/admin/site', payload, headers: { cookie } });

describe('GET /api/site before anything is saved', () => {
  it("answers the environment's names and the spec's texts", async () => {
    const res = await app.inject({ url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      productName: 'HubSpot',
      siteName: 'Agency Stack',
      supportEmail: 'help@stack.example.org',
      accentColour: '#4f46e5',
      logoUrl: null,
      faviconUrl: null,
      heroTitle: 'Premium HubSpot tools and services for agencies',
      heroText: 'Discover vetted HubSpot software and professional services you can resell to your clients, from providers who have earned their reviews.',
      heroBadge: 'Trusted by 1000+ agencies',
      figures: [
        { value: '300+', label: 'Active Services' },
        { value: '150+', label: 'Trusted Providers' },
        { value: '25+', label: 'Categories' },
        { value: '99%', label: 'Success Rate' },
      ],
      successStoriesUrl: null,
      resourcesUrl: null,
    });
  });
});

describe('PUT /api/admin/site', () => {
  it('is for administrators only', async () => {
    expect((await app.inject({ url: '/api/admin/site' })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/admin/site', headers: { cookie: member.cookie } })).statusCode).toBe(403);
    const res = await save({ ...(await current()), siteName: 'Taken over' }, member.cookie);
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ url: '/api/site' })).json().siteName).toBe('Agency Stack');
  });

  it('refuses an accent colour below AA contrast, with a message on the field', async () => {
    const res = await save({ ...(await current()), accentColour: '#a5b4fc' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.accentColour).toMatch(/contrast of 1\.\d\d:1 .*at least 4\.5:1 \(WCAG AA\)/);
    // #767676 passes on white (4.54:1) but not on the light grey canvas (4.34:1): the lower one counts.
    expect((await save({ ...(await current()), accentColour: '#767676' })).json().errors.accentColour).toMatch(/ 4\.3\d:1 /);
    expect((await save({ ...(await current()), accentColour: 'blue' })).json().errors.accentColour).toBe('Enter the accent colour as #rrggbb, e.g. #4f46e5');
  });

  it('refuses bad input with a message per field, and changes nothing', async () => {
    const res = await save({ ...(await current()), siteName: ' ', supportEmail: 'nope', successStoriesUrl: 'javascript:alert(1)', figures: 'custom', customFigures: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      siteName: 'Enter the site name',
      supportEmail: 'Enter a valid support e-mail address',
      successStoriesUrl: 'The Success Stories link must be a web address (https://...) or a path on this site (/...)',
    });
    expect((await app.inject({ url: '/api/site' })).json().siteName).toBe('Agency Stack');
  });

  it('saves, applies at once, stores the logo through the image pipeline, and is audit-logged', async () => {
    const png = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#123456' } }).png().toBuffer();
    const res = await save({
      ...(await current()),
      siteName: 'Resell Hub',
      accentColour: '#0F766E',
      heroTitle: 'Tools worth reselling',
      heroBadge: '',
      figures: 'custom',
      customFigures: [{ value: '12', label: 'Partners' }],
      successStoriesUrl: 'https://blog.example.org/stories',
      resourcesUrl: '/categories',
      logo: `data:image/png;base64,${png.toString('base64')}`,
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({ siteName: 'Resell Hub', accentColour: '#0f766e', heroBadge: null, logo: expect.stringMatching(/^\/api\/images\/[\w-]+$/) });
    const [image] = await db.select().from(images).where(eq(images.id, saved.logo.split('/').pop()));
    // Scaled into the header's 480 x 64 box, aspect kept.
    expect(image).toMatchObject({ contentType: 'image/webp', width: 192, height: 64 });

    const site = (await app.inject({ url: '/api/site' })).json();
    expect(site).toMatchObject({ siteName: 'Resell Hub', heroTitle: 'Tools worth reselling', heroBadge: 'Trusted by 1000+ agencies', figures: [{ value: '12', label: 'Partners' }], logoUrl: saved.logo, resourcesUrl: '/categories' });

    const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ action: 'site.update', actorId: admin.id, entityType: 'site' });
    expect((entry!.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['siteName', 'accentColour', 'logo', 'customFigures']));
  });

  it("shows the directory's real counts when asked", async () => {
    const res = await save({ ...(await current()), figures: 'counts' });
    expect(res.statusCode).toBe(200);
    const labels = (await app.inject({ url: '/api/site' })).json().figures.map((f: { label: string }) => f.label);
    expect(labels).toEqual(['Active Services', 'Listed Tools', 'Trusted Providers', 'Categories']);
  });

  it('names the site in page titles through the live configuration', async () => {
    const res = await app.inject({ url: '/api/meta/auth' });
    expect(res.json().title).toContain('Resell Hub');
  });
});
