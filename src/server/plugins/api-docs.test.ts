import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { createUser } from '../../../test/factories';
import { registeredRoutes } from '../../../test/registered-routes';

const { app, db } = await createTestApp();

type Operation = {
  summary?: string;
  security?: unknown[];
  responses: Record<string, { description: string; content?: Record<string, { schema: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

const document = (await app.inject('/api/openapi.json')).json() as Document;

/**
 * The document's operation for a registered route. Fastify's "/api/tools/:id" is OpenAPI's
 * "/api/tools/{id}"; where routes name the same segment differently, the route tree shows
 * ":id|:idOrSlug", and the operation is under one of the names.
 */
function operationOf(method: string, pattern: string): Operation | undefined {
  const alternatives = pattern.split('/').map((segment) => segment.split('|').map((name) => name.replace(/^:(\w+)$/, '{$1}')));
  const paths = alternatives.reduce<string[]>((prefixes, names) => prefixes.flatMap((prefix) => names.map((name) => `${prefix}/${name}`)), ['']);
  return paths.map((path) => document.paths[path.slice(1)]?.[method.toLowerCase()]).find(Boolean);
}

/** Every API route, as the app registered it: the document must describe each one. */
const apiRoutes = registeredRoutes(app)
  .map((route) => {
    const [method, pattern] = route.split(' ') as [string, string];
    return { method, pattern, operation: operationOf(method, pattern) };
  })
  .filter(({ pattern }) => pattern.startsWith('/api/') && !pattern.startsWith('/api/docs') && pattern !== '/api/openapi.json');

const successStatuses = (operation: Operation) => Object.keys(operation.responses).filter((status) => /^[23]/.test(status));

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes the shared shapes once, by name', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.components.schemas)).toEqual(expect.arrayContaining(['Listing', 'User', 'Category', 'Review', 'Message']));
  });

  it('has every API route, each with a summary and a response schema for its success answer', () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
    const undocumented = apiRoutes.filter(({ operation }) => !operation).map(({ method, pattern }) => `${method} ${pattern}`);
    expect(undocumented).toEqual([]);
    const problems = apiRoutes.flatMap(({ method, pattern, operation }) => {
      const route = `${method} ${pattern}`;
      if (!operation!.summary) return [`${route}: no summary`];
      if (Object.keys(operation!.responses).length === 0) return [`${route}: no responses`];
      const successes = successStatuses(operation!);
      // 204 and redirects have no body; every other success answer declares what its body is.
      const withoutSchema = successes.filter((status) => status !== '204' && !status.startsWith('3') && !operation!.responses[status]!.content);
      return withoutSchema.map((status) => `${route}: ${status} has no response schema`);
    });
    expect(problems).toEqual([]);
  });

  it('says which routes need a session, and the administrator routes say so', () => {
    for (const { method, pattern, operation } of apiRoutes) {
      const route = `${method} ${pattern}`;
      if (operation!.security?.length) expect.soft(operation!.responses, route).toHaveProperty('401');
      if (pattern.startsWith('/api/admin/')) expect.soft(operation!.responses, route).toHaveProperty('403');
    }
  });

  it('lists every status the routes really answer to a visitor and to a member with a made-up id and an empty body', async () => {
    const member = await createUser(app, db);
    const undocumented: string[] = [];
    for (const { method, pattern, operation } of apiRoutes) {
      const url = pattern.replace(/:[\w|:]+/g, '1');
      const hasBody = ['POST', 'PUT', 'PATCH'].includes(method);
      for (const cookie of [undefined, member.cookie]) {
        const response = await app.inject({
          method: method as 'GET',
          url,
          ...(hasBody && { payload: {} }),
          ...(cookie && { headers: { cookie } }),
        });
        if (!(String(response.statusCode) in operation!.responses)) {
          undocumented.push(`${method} ${url} (${cookie ? 'member' : 'visitor'}): ${response.statusCode} ${response.body.slice(0, 120)}`);
        }
        // A route that refuses visitors must be documented as needing a session.
        if (!cookie && response.statusCode === 401) expect.soft(operation!.security, `${method} ${pattern}`).toBeTruthy();
      }
    }
    expect(undocumented).toEqual([]);
  });
});

describe('the API reference page', () => {
  it('is served with its assets by this server, under a policy that allows no other host', async () => {
    const page = await app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('API reference');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toMatch(/https?:|\*/);
    // Under /api, but a page: it gets the pages' security headers, not the API's short set.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect((await app.inject('/api/openapi.json')).headers['referrer-policy']).toBeUndefined();

    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of assets) {
      const response = await app.inject(`/api/docs/${asset}`);
      expect.soft(response.statusCode, asset).toBe(200);
    }
  });

  it('points the page at the generated document', async () => {
    const initializer = await app.inject('/api/docs/static/swagger-initializer.js');
    expect(initializer.statusCode).toBe(200);
    const json = await app.inject('/api/docs/json');
    expect(json.json()).toEqual(document);
  });
});
