import type { Config } from '../../config';

/**
 * The allow-list of settings the browser may see (STYLE.md habit 2). Anything added here becomes
 * public, so secrets and internal addresses never belong in it.
 */
export function publicSiteSettings(config: Pick<Config, 'productName' | 'siteName' | 'siteUrl'>) {
  return {
    productName: config.productName,
    siteName: config.siteName,
    // The site's own domain, so a deployment needs no extra setting for its support address.
    supportEmail: `support@${new URL(config.siteUrl).hostname}`,
  };
}
