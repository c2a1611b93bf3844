import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { images } from '../../../db/schema/images';
import { users } from '../../../db/schema/users';
import { createTestApp } from '../../../../test/test-app';
import { createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();

const patch = (cookie: string | undefined, payload: unknown) =>
  app.inject({ method: 'PATCH', url: '/api/profile', headers: cookie ? { cookie } : {}, payload: payload as object });

const profileOf = (user: { firstName: string | null; lastName: string | null; email: string }) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
});

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const png = () => sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366cc' } }).png().toBuffer();
const gif = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#22aa44' } }).gif().toBuffer();
const webp = () => sharp({ create: { width: 64, height: 64, channels: 3, background: '#aa22aa' } }).webp().toBuffer();
const jpeg = () => sharp({ create: { width: 300, height: 900, channels: 3, background: '#cc6633' } }).jpeg().toBuffer();

async function storedImageUrl(userId: string) {
  const [row] = await db.select({ url: users.profileImageUrl }).from(users).where(eq(users.id, userId));
  return row!.url;
}

describe('editing the profile', () => {
  it('saves the fields and answers the updated user', async () => {
    const user = await createUser(app, db);
    const res = await patch(user.cookie, {
      firstName: ' Ada ',
      lastName: 'Lovelace',
      email: user.email,
      companyName: 'Analytical Engines',
      website: 'https://engines.example',
      bio: 'Numbers.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ firstName: 'Ada', companyName: 'Analytical Engines', website: 'https://engines.example', bio: 'Numbers.' });
    expect(res.json()).not.toHaveProperty('passwordHash');
  });

  it('adds https:// to a website given without a scheme, as the form and the import do', async () => {
    const user = await createUser(app, db);
    for (const [typed, stored] of [
      ['engines.example', 'https://engines.example'],
      [' www.engines.example/about ', 'https://www.engines.example/about'],
      ['http://engines.example', 'http://engines.example'],
      ['', null],
    ] as const) {
      const res = await patch(user.cookie, { ...profileOf(user), website: typed });
      expect(res.statusCode, typed).toBe(200);
      expect(res.json().website, typed).toBe(stored);
    }
    for (const refused of ['not a url', 'javascript:alert(1)', 'nope']) {
      const res = await patch(user.cookie, { ...profileOf(user), website: refused });
      expect(res.json().errors, refused).toMatchObject({ website: 'Invalid URL' });
    }
  });

  it('answers 401 when signed out', async () => {
    expect((await patch(undefined, { firstName: 'A', lastName: 'B', email: 'a@b.test' })).statusCode).toBe(401);
  });

  it('gives the member dashboard messages for a bad email and website', async () => {
    const user = await createUser(app, db);
    const res = await patch(user.cookie, { ...profileOf(user), email: 'nope', website: 'not a url', firstName: '' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ email: 'Invalid email address', website: 'Invalid URL', firstName: 'First name is required' });
  });

  it('refuses the e-mail address of another member with 409', async () => {
    const user = await createUser(app, db);
    const other = await createUser(app, db);
    const res = await patch(user.cookie, { ...profileOf(user), email: other.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
  });

  it('only ever changes the signed-in member, and cannot make them an administrator', async () => {
    const user = await createUser(app, db);
    const other = await createUser(app, db);
    const res = await patch(user.cookie, { ...profileOf(user), id: other.id, isAdmin: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, isAdmin: false });
    const [untouched] = await db.select().from(users).where(eq(users.id, other.id));
    expect(untouched!.firstName).toBe(other.firstName);
  });
});

describe('saving too often', () => {
  it('answers 429 once one account has saved 30 times in a minute', async () => {
    const user = await createUser(app, db);
    const answers = [];
    for (let i = 0; i < 31; i++) answers.push((await patch(user.cookie, { ...profileOf(user), bio: `Save ${i}` })).statusCode);
    expect(answers.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(answers[30]).toBe(429);
  });
});

describe('avatar upload', () => {
  it('re-encodes a real PNG as a small WebP served from its own URL with a long cache header', async () => {
    const user = await createUser(app, db);
    const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl('image/png', await png()) });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().profileImageUrl;
    expect(url).toMatch(/^\/api\/images\/[\w-]+$/);
    expect(await storedImageUrl(user.id)).toBe(url);

    const image = await app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBeLessThanOrEqual(256);
    expect(meta.height).toBeLessThanOrEqual(256);

    // Everything that shows the user carries the short URL, never the picture itself.
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: user.cookie } });
    expect(me.json().profileImageUrl).toBe(url);
  });

  it('accepts a JPEG too, and keeps the stored URL when the form sends it back unchanged', async () => {
    const user = await createUser(app, db);
    const first = await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl('image/jpeg', await jpeg()) });
    expect(first.statusCode).toBe(200);
    const url = first.json().profileImageUrl;
    const again = await patch(user.cookie, { ...profileOf(user), bio: 'Changed', profileImageUrl: url });
    expect(again.statusCode).toBe(200);
    expect(again.json().profileImageUrl).toBe(url);
  });

  it('refuses an SVG, a text file renamed .png and fake data URLs with 400', async () => {
    const user = await createUser(app, db);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const text = Buffer.from('just some notes, saved as avatar.png');
    const truncatedPng = (await png()).subarray(0, 40);
    for (const profileImageUrl of [
      dataUrl('image/svg+xml', svg),
      dataUrl('image/png', svg),
      dataUrl('image/png', text),
      dataUrl('image/png', truncatedPng),
      'data:image/png;base64,!!!not-base64!!!',
      'data:text/html,<script>alert(1)</script>',
      'data:',
      'javascript:alert(1)',
    ]) {
      const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl });
      expect(res.statusCode, profileImageUrl.slice(0, 40)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
    const stored = await storedImageUrl(user.id);
    expect(stored).toBeNull();
  });

  it('refuses an image over 5 MB with 413 and a clear message', async () => {
    const user = await createUser(app, db);
    const big = Buffer.concat([await png(), Buffer.alloc(5 * 1024 * 1024 + 1024, 7)]);
    const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl('image/png', big) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('File too large: please select an image under 5MB.');
    expect(await storedImageUrl(user.id)).toBeNull();
  });

  it('answers 413, not 500, for a body past the request limit', async () => {
    const user = await createUser(app, db);
    const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl: `data:image/png;base64,${'A'.repeat(9 * 1024 * 1024)}` });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });

  it('accepts GIF and WebP uploads as well', async () => {
    const user = await createUser(app, db);
    for (const [type, bytes] of [['image/gif', await gif()], ['image/webp', await webp()]] as const) {
      const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl(type, bytes) });
      expect(res.statusCode, type).toBe(200);
      expect(res.json().profileImageUrl).toMatch(/^\/api\/images\/[\w-]+$/);
    }
  });

  it("refuses another member's image, outside addresses and made-up image paths", async () => {
    const other = await createUser(app, db);
    const theirs = (await patch(other.cookie, { ...profileOf(other), profileImageUrl: dataUrl('image/png', await png()) })).json().profileImageUrl;
    const user = await createUser(app, db);
    for (const profileImageUrl of [theirs, 'https://tracker.example/pixel.gif', `https://cdn.example/${'a'.repeat(100_000)}.png`, '/api/images/not-mine']) {
      const res = await patch(user.cookie, { ...profileOf(user), profileImageUrl });
      expect(res.statusCode, profileImageUrl.slice(0, 40)).toBe(400);
      expect(res.json().message).toBe('Invalid profile image');
    }
    expect(await storedImageUrl(user.id)).toBeNull();
  });

  it('deletes the old picture when it is replaced or removed', async () => {
    const user = await createUser(app, db);
    const first = (await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl('image/png', await png()) })).json().profileImageUrl;
    const second = (await patch(user.cookie, { ...profileOf(user), profileImageUrl: dataUrl('image/jpeg', await jpeg()) })).json().profileImageUrl;
    expect((await app.inject({ url: first })).statusCode).toBe(404);
    expect((await app.inject({ url: second })).statusCode).toBe(200);

    const removed = await patch(user.cookie, { ...profileOf(user), profileImageUrl: null });
    expect(removed.json().profileImageUrl).toBeNull();
    expect(await db.select().from(images).where(eq(images.ownerId, user.id))).toHaveLength(0);
  });

  it('answers 400 to wrong types instead of failing', async () => {
    const user = await createUser(app, db);
    for (const payload of [{ firstName: 42 }, { profileImageUrl: 123 }, { bio: {} }, { isProvider: 'yes' }]) {
      const res = await patch(user.cookie, { ...profileOf(user), ...payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });
});

