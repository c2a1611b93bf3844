import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Database } from '../db/client';
import type { Config } from './config';

/** What every module gets from buildApp: no globals, so tests can hand in their own. */
export type AppDeps = {
  db: Database;
  config: Config;
};

/** A Fastify instance whose routes are typed by their zod schemas. */
export type App = FastifyInstance & { withTypeProvider: FastifyInstance['withTypeProvider'] };
export type RoutesPlugin = (app: FastifyInstance, deps: AppDeps) => Promise<void> | void;

export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
