import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { DailyCounts } from './lib/daily-counts';
import type { ReadCache } from './lib/read-cache';
import type { Config } from './config';
import type { Mailer } from './modules/mail/mailer';
import type { PublicReadLimit } from './plugins/public-read-limit';
import type { ReadDb } from './plugins/read-db';
import type { SiteBrand } from './modules/site/site-brand';

/** What every module gets from buildApp: no globals, so tests can hand in their own. */
export type AppDeps = {
  /** The primary: writes, and a person's own dashboards. */
  db: Database;
  /** Where a public catalogue read goes: a replica when one is fit, unless the person has just written (plugins/read-db.ts). */
  reads: ReadDb;
  /** The environment's configuration, its site names and support address read live from the brand. */
  config: Config;
  /** The operator's brand in force on this server (modules/site/site-brand.ts). */
  brand: SiteBrand;
  mailer: Mailer;
  /** Hot public reads kept in memory until a write changes them (plugins/read-cache.ts). */
  cache: ReadCache;
  /** The per-address limit on public reads the cache did not answer (plugins/public-read-limit.ts). */
  publicReads: PublicReadLimit;
  /** Views, clicks and appearances counted in memory and written every few seconds (docs/decisions/daily-figures.md). */
  dailyCounts: DailyCounts;
};

export type RoutesPlugin = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
