import type { MetaPage } from '../../../shared/schemas/seo';

/** Every page the server names meta for. */
export type PageName = MetaPage;

/**
 * Pages a search engine should not index: signed-in screens, sign-in, misses, and where the
 * e-mailed one-time links lead (/reset-password, /invitation): real screens with their own titles,
 * but a token link is never worth indexing.
 */
const noindexPages: ReadonlySet<PageName> = new Set<PageName>(['favorites', 'dashboard', 'provider', 'admin', 'auth', 'not-found', 'reset-password', 'invitation', 'claim-listing']);

export const isNoindexPage = (page: PageName) => noindexPages.has(page);
