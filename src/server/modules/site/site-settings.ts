import type { Config } from '../../config';

/**
 * The allow-list of settings the browser may see (STYLE.md habit 2). Anything added here becomes
 * public, so secrets and internal addresses never belong in it.
 */
export function publicSiteSettings(config: Pick<Config, 'productName' | 'siteName' | 'supportEmail'>) {
  return {
    productName: config.productName,
    siteName: config.siteName,
    supportEmail: config.supportEmail,
  };
}
