import { z } from 'zod';
import { metaPages, type MetaPage } from '../../../shared/schemas/seo';

/**
 * Where the e-mailed one-time links lead (/reset-password, /invitation). They are real screens
 * with their own titles, but a token link is never worth indexing.
 * TODO(shared): these belong in metaPages in src/shared/schemas/seo.ts; until they move there,
 * the meta route accepts them through the schema below.
 */
export const oneTimeLinkPages = ['reset-password', 'invitation'] as const;

/** Every page the server names meta for: the client's meta pages and the one-time-link screens. */
export type PageName = MetaPage | (typeof oneTimeLinkPages)[number];

export const metaPageParamsSchema = z.object({ page: z.enum([...metaPages, ...oneTimeLinkPages], { message: 'Unknown page' }) });

/** Pages a search engine should not index: signed-in screens, sign-in, one-time links, and misses. */
const noindexPages: ReadonlySet<PageName> = new Set<PageName>(['favorites', 'dashboard', 'provider', 'admin', 'auth', 'not-found', ...oneTimeLinkPages]);

export const isNoindexPage = (page: PageName) => noindexPages.has(page);
