import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import { withOperationDefaults, withoutUnusedSchemas } from '../lib/openapi-operations';

/** Where the document and its reference page live. */
export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas each route declares (request and
 * response), so it cannot drift from the code: see docs/decisions/openapi.md. Register it before
 * the routes: it collects them as they are added. Only /api routes are documented; pages,
 * sitemaps and the reference page itself are the website, not the API.
 */
export async function registerApiDocs(app: FastifyInstance, config: Config): Promise<void> {
  const zodTransform = createJsonSchemaTransform({ skipList: [] });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${config.siteName} API`,
        version: '1',
        description: [
          `The JSON API behind ${config.siteName}: the public catalogue, members' favourites and reviews, providers' listings and leads, and administration.`,
          'Sign in with POST /api/login; the answer sets the `sid` session cookie that every other call sends.',
          'Errors answer `{"message"}` with the status that says why. Lists that page send the whole count in the X-Total-Count header.',
        ].join('\n\n'),
      },
      // Relative: the API is on the host that serves this document, whatever SITE_URL says.
      servers: [{ url: '/', description: 'This site' }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid', description: 'The session cookie set by POST /api/login or /api/register.' },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = zodTransform(input);
      return { schema: withOperationDefaults(schema, input.route.method.toString(), input.url), url };
    },
    transformObject: (input) => withoutUnusedSchemas(jsonSchemaTransformObject(input) as Parameters<typeof withoutUnusedSchemas>[0]) as ReturnType<typeof jsonSchemaTransformObject>,
    hiddenTag: 'hidden',
    hideUntagged: false,
  });
  // Pages, sitemaps and the docs' own assets stay out of the API's description.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && !route.url.startsWith(API_DOCS_PATH)) return;
    route.schema = { ...route.schema, hide: true };
  });

  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PATH,
    // The reference page's assets come from the installed package, served by this server: no CDN.
    staticCSP: "default-src 'self'; img-src 'self' data:; script-src 'self'; style-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'",
    theme: { title: `${config.siteName} API reference` },
    // No call to the public validator service: the page asks nothing of any other host.
    uiConfig: { deepLinking: true, defaultModelsExpandDepth: 0, validatorUrl: null },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.swagger()),
  );
}
