import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../../test/test-app';
import { createCategory, createListing, createUser } from '../../../../test/factories';

const { app, db } = await createTestApp();
const admin = await createUser(app, db, { isAdmin: true });

const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie: admin.cookie } });

let sequence = 0;
const fields = (overrides: object = {}) => {
  sequence += 1;
  return { name: `Category ${sequence}`, slug: `category-x${sequence}`, type: 'services', ...overrides };
};

describe('creating and editing categories', () => {
  it('creates a top-level category and a subcategory, and reads them back', async () => {
    const parent = await send('POST', '/api/categories', fields({ description: 'About it', icon: 'star' }));
    expect(parent.statusCode, parent.body).toBe(201);
    const child = await send('POST', '/api/categories', fields({ parentId: parent.json().id }));
    expect(child.statusCode, child.body).toBe(201);
    expect(child.json()).toMatchObject({ parentId: parent.json().id, type: 'services', bottomContent: null });
    const list = await app.inject({ url: '/api/categories?type=services' });
    expect(list.json().map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([parent.json().id, child.json().id]));
  });

  it('answers the spec messages for bad input', async () => {
    const res = await send('POST', '/api/categories', { name: ' ', slug: '', type: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: 'Category name is required', slug: 'Slug is required', type: 'Category type is required' });
    const badSlug = await send('POST', '/api/categories', fields({ slug: 'Not A Slug!' }));
    expect(badSlug.json().errors.slug).toBe('Slug can only contain lowercase letters, numbers, and hyphens');
    expect((await send('PUT', '/api/categories/abc', fields())).statusCode).toBe(400);
    expect((await send('PUT', '/api/categories/99999999999', fields())).statusCode).toBe(400);
    expect((await send('PUT', '/api/categories/999999', fields())).statusCode).toBe(404);
  });

  it('takes an icon by its lucide name, stores a former lucide name as the current one, and refuses anything the site cannot draw', async () => {
    const drawn = await send('POST', '/api/categories', fields({ icon: ' chart-line ' }));
    expect(drawn.statusCode, drawn.body).toBe(201);
    expect(drawn.json().icon).toBe('chart-line');
    const former = await send('POST', '/api/categories', fields({ icon: 'bar-chart-3' }));
    expect(former.json().icon).toBe('chart-column');
    expect((await send('POST', '/api/categories', fields({ icon: '' }))).statusCode).toBe(201);
    for (const icon of ['fas fa-chart-line', 'no-such-icon', 'chevron-down']) {
      const refused = await send('POST', '/api/categories', fields({ icon }));
      expect(refused.statusCode, icon).toBe(400);
      expect(refused.json().errors, icon).toEqual({ icon: 'Icon must be a lucide icon name the site can show, e.g. chart-line' });
    }
    const refusedEdit = await send('PUT', `/api/categories/${drawn.json().id}`, fields({ icon: 'fa-star' }));
    expect(refusedEdit.statusCode).toBe(400);
  });

  it('keeps slugs unique within a type only', async () => {
    expect((await send('POST', '/api/categories', fields({ slug: 'seo-audits' }))).statusCode).toBe(201);
    const clash = await send('POST', '/api/categories', fields({ slug: 'seo-audits' }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toMatch(/seo-audits.*already exists/);
    expect((await send('POST', '/api/categories', fields({ slug: 'seo-audits', type: 'tools' }))).statusCode).toBe(201);

    const other = await send('POST', '/api/categories', fields());
    const renamed = await send('PUT', `/api/categories/${other.json().id}`, fields({ slug: 'seo-audits' }));
    expect(renamed.statusCode).toBe(409);
    // Saving a category with its own slug is not a clash.
    const same = await send('PUT', `/api/categories/${other.json().id}`, { ...fields(), slug: other.json().slug, name: 'Kept' });
    expect(same.statusCode, same.body).toBe(200);
  });

  it('allows only a top-level parent of the same type, never itself', async () => {
    const top = await createCategory(db, { type: 'services' });
    const sub = await createCategory(db, { type: 'services', parentId: top.id });
    const toolTop = await createCategory(db, { type: 'tools' });
    expect((await send('POST', '/api/categories', fields({ parentId: sub.id }))).statusCode).toBe(400);
    expect((await send('POST', '/api/categories', fields({ parentId: toolTop.id }))).statusCode).toBe(400);
    expect((await send('POST', '/api/categories', fields({ parentId: 999999 }))).statusCode).toBe(400);
    const self = await send('PUT', `/api/categories/${top.id}`, fields({ parentId: top.id }));
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('A category cannot be its own parent');
  });
});

describe('deleting categories', () => {
  it('refuses while listings or subcategories remain, saying how many', async () => {
    const provider = await createUser(app, db, { isProvider: true });
    const top = await createCategory(db);
    await createCategory(db, { parentId: top.id });
    await createListing(db, { providerId: provider.id, categoryId: top.id });
    await createListing(db, { providerId: provider.id, categoryId: top.id, status: 'pending' });
    const res = await send('DELETE', `/api/categories/${top.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This category still has 2 listings and 1 subcategory. Move or delete them first.');
  });

  it('deletes an empty category, and 404s a missing one', async () => {
    const empty = await createCategory(db);
    expect((await send('DELETE', `/api/categories/${empty.id}`)).statusCode).toBe(204);
    expect((await send('DELETE', `/api/categories/${empty.id}`)).statusCode).toBe(404);
  });
});

describe('rich text is sanitised before it is stored', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
    '<img src=x onerror=alert(1)>',
    '<img src="javascript:alert(1)">',
    '<IMG SRC=JaVaScRiPt:alert(1)>',
    '<img src=" javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
    '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
    '<img src="DATA:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
    '<img src=" data:text/html,<script>alert(1)</script>">',
    '<img src="Data:Text/Html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JAVASCRIPT:alert(1)">x</a>',
    '<a href="jav&#x09;ascript:alert(1)">x</a>',
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="//evil.example">x</a>',
    '<p onclick="alert(1)">x</p>',
    '<p onmouseover=alert(1)>x</p>',
    '<svg onload=alert(1)></svg>',
    '<svg><script>alert(1)</script></svg>',
    '<math><mtext><script>alert(1)</script></mtext></math>',
    '<iframe src="javascript:alert(1)"></iframe>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<object data="javascript:alert(1)"></object>',
    '<embed src="javascript:alert(1)">',
    '<body onload=alert(1)>',
    '<input autofocus onfocus=alert(1)>',
    '<details open ontoggle=alert(1)>',
    '<video><source onerror=alert(1)></video>',
    '<style>@import "javascript:alert(1)";</style>',
    '<p style="background:url(javascript:alert(1))">x</p>',
    '<form action="javascript:alert(1)"><button>x</button></form>',
    '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
    '<base href="javascript:alert(1)//">',
    '<link rel=stylesheet href="javascript:alert(1)">',
    '"><script>alert(1)</script>',
    '<scr<script>ipt>alert(1)</scr</script>ipt>',
    '<<script>script>alert(1)<</script>/script>',
    '<!--<script>alert(1)</script>-->',
    '<span class="ql-size-large" onclick="alert(1)">x</span>',
    '<img src="https://ok.example/x.png" onload="alert(1)">',
    '<a href="https://ok.example" onmouseover="alert(1)">ok</a>',
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  ];

  it(`strips scripts, event handlers and javascript: URLs from ${payloads.length} payloads`, async () => {
    expect(payloads.length).toBeGreaterThanOrEqual(30);
    for (const payload of payloads) {
      const res = await send('POST', '/api/categories', fields({ bottomContent: `<p>Intro</p>${payload}` }));
      expect(res.statusCode, payload).toBe(201);
      const stored: string = (await app.inject({ url: `/api/categories/by-slug/${res.json().slug}?type=services` })).json().bottomContent ?? '';
      expect(stored, payload).not.toMatch(/<script|<\/script|<iframe|<object|<embed|<svg|<style|<meta|<base|<link|<form|<input|<body/i);
      expect(stored, payload).not.toMatch(/\son[a-z]+\s*=/i);
      expect(stored, payload).not.toMatch(/javascript:|vbscript:|data:text|data:image\/svg|style=/i);
      expect(stored, payload).not.toMatch(/href="\/\//);
    }
  });

  it('keeps what Quill produces: formats, Quill classes, safe links and inline images', async () => {
    const html =
      '<h2 class="ql-align-center">Title</h2><p class="ql-indent-2"><strong>b</strong> <em>i</em> <u>u</u> <s>s</s> ' +
      '<span class="ql-size-huge ql-font-serif">big</span> <sub>2</sub><sup>3</sup> <a href="mailto:a@b.co">mail</a> ' +
      '<a href="tel:+123">call</a> <a href="https://example.org">web</a></p><ul><li>one</li></ul><blockquote>q</blockquote>' +
      '<img src="data:image/png;base64,iVBORw0KGgo=">';
    const res = await send('POST', '/api/categories', fields({ bottomContent: html }));
    const stored: string = res.json().bottomContent;
    for (const part of ['<h2 class="ql-align-center">', 'class="ql-indent-2"', '<strong>b</strong>', 'class="ql-size-huge ql-font-serif"', 'href="mailto:a@b.co"', 'href="tel:+123"', '<li>one</li>', '<blockquote>q</blockquote>', 'src="data:image/png;base64,iVBORw0KGgo="']) {
      expect(stored).toContain(part);
    }
    expect(stored).toContain('href="https://example.org" target="_blank" rel="noopener noreferrer"');
  });

  it('stores an empty editor as no content', async () => {
    const res = await send('POST', '/api/categories', fields({ bottomContent: '<p><br></p>' }));
    expect(res.json().bottomContent).toBeNull();
  });
});
