import { fileURLToPath } from 'node:url';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, LogController, type RouteOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '../db/client';
import type { Config } from './config';
import type { AppDeps, RoutesPlugin } from './deps';
import { API_DOCS_PATH, registerApiDocs } from './plugins/api-docs';
import { authPlugin } from './plugins/auth';
import { registerCrossOriginProtection } from './plugins/cross-origin';
import { type ClientOptions, registerClient } from './plugins/client';
import { registerErrorHandler, registerNotFoundHandler } from './plugins/error-handler';
import { createPublicReadLimit } from './plugins/public-read-limit';
import { createReadDb, registerReadYourWrites } from './plugins/read-db';
import { registerRateLimit } from './plugins/rate-limit';
import { COMPRESS_THRESHOLD, COMPRESSED_ENCODINGS } from './plugins/answer-encoding';
import { createCacheReplay, replayingServer } from './plugins/cache-replay';
import { cacheTables, defaultReadCacheSettings, registerReadCache } from './plugins/read-cache';
import { startSiteBrand } from './modules/site/site-brand';
import { responseSerializer } from './plugins/response-serializer';
import { apiHeaderOptions, registerSecurityHeaders } from './plugins/security-headers';
import { authRoutes } from './modules/auth/auth.routes';
import { healthRoutes } from './modules/health/health.routes';
import { imagesRoutes } from './modules/images/images.routes';
import { providerListingsRoutes } from './modules/provider-listings/provider-listings.routes';
import { usersRoutes } from './modules/users/users.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { inquiriesRoutes } from './modules/inquiries/inquiries.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { reviewModerationRoutes } from './modules/reviews/review-moderation.routes';
import { categoriesRoutes } from './modules/categories/categories.routes';
import { listingsRoutes } from './modules/listings/listings.routes';
import { providersRoutes } from './modules/providers/providers.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { createMailer } from './modules/mail/mailer';
import { siteRoutes } from './modules/site/site.routes';
import { seoRoutes } from './modules/seo/seo.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { sitemapRoutes } from './modules/sitemap/sitemap.routes';
import { categoriesAdminRoutes } from './modules/categories/categories-admin.routes';
import { adminRoutes } from './modules/admin/admin.routes';
import { messagesRoutes } from './modules/messages/messages.routes';
import { importExportRoutes } from './modules/import-export/import-export.routes';
import { EARLY_EVENTS_CSP_SOURCE } from './modules/pages/render-app';
import { startDailyFigures } from './modules/insight/daily-figures-jobs';
import { insightRoutes } from './modules/insight/insight.routes';
import { compareRoutes } from './modules/compare/compare.routes';
import { partnerProgrammesRoutes } from './modules/partner-programmes/partner-programmes.routes';
import { searchSynonymsRoutes } from './modules/search-synonyms/search-synonyms.routes';
import { partnerApplicationsRoutes } from './modules/partner-applications/partner-applications.routes';
import { plansRoutes } from './modules/plans/plans.routes';
import { listingClaimsRoutes } from './modules/listing-claims/listing-claims.routes';
import { alertsRoutes } from './modules/alerts/alerts.routes';

export type BuildAppOptions = {
  config: Config;
  database: DatabaseHandle;
  /** Serve the built client too (production). Tests leave it out. */
  client?: Omit<ClientOptions, 'root'> & { root?: string };
  logger?: boolean | object;
  /** Told about every route as it is registered: the fuzz test enumerates the write routes this way. */
  onRoute?: (route: RouteOptions) => void;
  /** Write routes that take requests from other sites; CROSS_ORIGIN_EXEMPT unless a test names its own. */
  crossOriginExempt?: readonly string[];
};

export const defaultClientRoot = fileURLToPath(new URL('../../dist/web', import.meta.url));

/** Builds the whole application without listening: server.ts starts it, tests call app.inject(). */
export async function buildApp({ config: envConfig, database, client, logger = false, onRoute, crossOriginExempt }: BuildAppOptions): Promise<FastifyInstance> {
  // Repeats of cached anonymous reads are answered before Fastify sees them, with the bytes and
  // headers the full path sent (plugins/cache-replay.ts); app.inject() always goes the full way.
  const replay = createCacheReplay();
  const app: FastifyInstance = Fastify({
    logger,
    // One log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: envConfig.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    serverFactory: replayingServer(replay, {
      replayed(req, startedAt) {
        if (logsRequests) app.log.info({ method: req.method, url: req.url, status: 200, ms: Math.round(performance.now() - startedAt), replayed: true }, 'request');
      },
      failed: (err, req) => app.log.error({ err, url: req.url }, 'replaying a cached answer failed'),
    }),
  });
  // Only when the level shows it (LOG_LEVEL=info or lower): at warn, a hook per request would log nothing.
  const logsRequests = ['trace', 'debug', 'info'].includes(app.log.level);
  if (onRoute) app.addHook('onRoute', onRoute);
  // Everything below names the site through the brand's live view of the configuration.
  const brand = await startSiteBrand(database, envConfig, app.log);
  const { config } = brand;
  app.decorate('siteBrand', brand);
  app.addHook('onClose', async () => brand.close());
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer({ checkAnswers: config.env === 'test' }));
  registerErrorHandler(app);
  if (logsRequests) {
    app.addHook('onResponse', (request, reply, done) => {
      request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
      done();
    });
  }
  // A closing server answers new requests 503 (Fastify's return503OnClosing): the replay stops first.
  app.addHook('preClose', (done) => {
    replay.stop();
    done();
  });

  registerSecurityHeaders(app, {
    pages: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          // The one inline script, the early event contract of rendered pages, by its hash.
          scriptSrc: ["'self'", EARLY_EVENTS_CSP_SOURCE],
          // Radix positions popovers and Quill formats text with inline styles.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
          connectSrc: ["'self'"],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.secureCookies ? [] : null,
        },
      },
      strictTransportSecurity: config.secureCookies,
    },
    api: apiHeaderOptions(config.secureCookies),
    // The API reference page is a page, though it lives under /api.
    isApi: (url) => url.startsWith('/api/') && !url.startsWith(API_DOCS_PATH),
  });
  // Before the session is read: a write another site's page asked for is refused at no cost.
  registerCrossOriginProtection(app, { siteUrl: config.siteUrl, exempt: crossOriginExempt });
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD, encodings: [...COMPRESSED_ENCODINGS] });
  await app.register(fastifyCookie, { secret: config.sessionSecret });
  registerReadYourWrites(app, database, config);
  await registerRateLimit(app, database.db);
  await app.register(authPlugin, { db: database.db, config });

  const mailer = createMailer(database.db, config, app.log);
  // Mail a previous run left unsent goes out once the server is up; shutdown waits for a send under way.
  app.addHook('onReady', async () => mailer.deliver());
  app.addHook('onClose', async () => mailer.close());
  // After the other global hooks (its onSend is the last, where the replay learns what was sent), before the routes.
  const cache = await registerReadCache(app, database, { ...defaultReadCacheSettings, maxAgeMs: config.readCacheMaxAgeMs }, replay);
  // The replicas serve only once they have replayed what this server has heard written: a read
  // that refills the cache after a write must not keep what the write replaced.
  const { replicas } = database;
  if (replicas) cache.onWrite(() => replicas.heardWrite());
  // The cache drops a page on hearing of a save, and again once this server reads the new brand:
  // a page rendered in between, with the old brand, is not kept.
  brand.onChange(() => cache.invalidate(cacheTables.siteSettings));
  const publicReads = createPublicReadLimit(database.db, { perMinute: config.publicReadRateLimitPerMinute, signedInPerMinute: config.signedInReadRateLimitPerMinute });
  const dailyCounts = startDailyFigures(app, database.db, config.countDailyFigures);
  const deps: AppDeps = { db: database.db, reads: createReadDb(database, config), config, brand, mailer, cache, publicReads, dailyCounts };
  await registerApiDocs(app, config);
  const modules: RoutesPlugin[] = [healthRoutes(database.ping), authRoutes, usersRoutes, imagesRoutes, providerListingsRoutes, favoritesRoutes, reviewsRoutes, inquiriesRoutes, passwordResetRoutes, siteRoutes, messagesRoutes, categoriesRoutes, listingsRoutes, providersRoutes, statsRoutes, seoRoutes, auditRoutes, adminRoutes, reviewModerationRoutes, categoriesAdminRoutes, importExportRoutes, partnerProgrammesRoutes, partnerApplicationsRoutes, compareRoutes, sitemapRoutes, insightRoutes, searchSynonymsRoutes, plansRoutes, listingClaimsRoutes, alertsRoutes];
  for (const routes of modules) await app.register(async (scope) => routes(scope, deps));

  const pageHandler = client ? await registerClient(app, { root: client.root ?? defaultClientRoot, renderPage: client.renderPage, cache, publicReads }) : undefined;
  registerNotFoundHandler(app, pageHandler);
  return app;
}
