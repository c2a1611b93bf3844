import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../../db/client';
import { DEFAULT_ACCENT, type SiteBrandSettings, siteBrandSchema } from '../../../shared/schemas/site-brand';
import type { Config } from '../../config';
import { CACHE_CHANNEL, cacheTables } from '../../plugins/read-cache';
import { findSiteSettings } from './site-settings.queries';

type BrandedConfig = Pick<Config, 'productName' | 'siteName' | 'supportEmail'>;

/** What a server shows before any administrator saved Site settings: the environment's names and the spec's texts. */
export function defaultSiteSettings(config: BrandedConfig): SiteBrandSettings {
  return {
    siteName: config.siteName,
    productName: config.productName,
    supportEmail: config.supportEmail,
    accentColour: DEFAULT_ACCENT,
    logo: null,
    favicon: null,
    heroTitle: null,
    heroText: null,
    heroBadge: null,
    figures: 'spec',
    customFigures: [],
    successStoriesUrl: null,
    resourcesUrl: null,
  };
}

export type SiteBrand = {
  /** The settings in force on this server now; no database read. */
  current: () => SiteBrandSettings;
  /**
   * The environment's configuration with the brand's names and support address read live, so every
   * page, e-mail and log line that names the site uses the saved brand without asking for it.
   */
  config: Config;
  /** Reads the settings again (after this server's own save, or an announcement from another). */
  reload: () => Promise<void>;
  /** Called after every reload: the read cache drops pages rendered with the brand they replaced. */
  onChange: (listener: () => void) => void;
  close: () => Promise<void>;
};

/**
 * Holds the brand in memory on every server (docs/decisions/site-brand.md). Pages, e-mails and the
 * page head read it on every request without a query; a save anywhere is announced by the
 * site_settings trigger (migration 0038) on the read cache's channel, and each server reads the
 * row again when it hears it, or when it is listening again after missing announcements.
 */
export async function startSiteBrand(database: Pick<DatabaseHandle, 'listen'> & { db: Database }, envConfig: Config, log: FastifyBaseLogger): Promise<SiteBrand> {
  const defaults = defaultSiteSettings(envConfig);
  const listeners: (() => void)[] = [];
  let settings = defaults;
  const load = async () => {
    const stored = await findSiteSettings(database.db);
    if (stored === undefined) {
      settings = defaults;
      return;
    }
    // A row a newer or older version wrote: what still parses wins over a broken brand.
    const parsed = siteBrandSchema.safeParse({ ...defaults, ...(stored as object) });
    if (parsed.success) settings = parsed.data;
    else log.error({ issues: parsed.error.issues }, 'The saved Site settings do not parse; showing the defaults');
  };
  // One read at a time, in order: a slow early read never overwrites a later one.
  let queue: Promise<void> = Promise.resolve();
  const reload = () => {
    queue = queue
      .then(load)
      .catch((err: unknown) => log.error({ err }, 'Reading the Site settings failed; keeping the ones in force'))
      .then(() => {
        for (const listener of listeners) listener();
      });
    return queue;
  };
  await load();
  const subscription = await database.listen(CACHE_CHANNEL, {
    onMessage: (table) => {
      if (table === cacheTables.siteSettings) void reload();
    },
    onListeningChange: (listening) => {
      if (listening) void reload();
    },
  });
  const config = Object.defineProperties(
    { ...envConfig },
    {
      productName: { enumerable: true, get: () => settings.productName },
      siteName: { enumerable: true, get: () => settings.siteName },
      supportEmail: { enumerable: true, get: () => settings.supportEmail },
    },
  );
  return {
    current: () => settings,
    config,
    reload,
    onChange: (listener) => listeners.push(listener),
    close: () => subscription.close(),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The brand in force, for what is built outside the routes (the page renderer of server.ts). */
    siteBrand: SiteBrand;
  }
}
