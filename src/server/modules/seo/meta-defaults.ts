import type { PageName } from './page-names';

type Names = { productName: string; siteName: string };

/**
 * The title and description each page has before any template or override: the spec's home text,
 * and plain, truthful ones for the rest. Entity pages (a listing, a category, a provider) get theirs
 * in meta.service.ts from the entity itself.
 */
export function defaultMeta(page: PageName, { productName, siteName }: Names): { title: string; description: string } {
  const home = {
    title: `Premium ${productName} Tools & Services for Agencies`,
    description: `Discover premium ${productName} tools and services for agencies.`,
  };
  const titled = (title: string, description: string) => ({ title: `${title} | ${siteName}`, description });
  switch (page) {
    case 'home':
      return home;
    case 'tools':
    case 'tool':
      return titled(`${productName} Tools`, `Browse vetted ${productName} software tools your agency can resell.`);
    case 'services':
    case 'service':
      return titled(`${productName} Services`, `Browse professional ${productName} services from vetted providers.`);
    case 'trending':
      return titled('Trending Services', `The ${productName} services agencies are looking at most right now.`);
    case 'categories':
    case 'category':
      return titled('Browse Categories', `Every category of ${productName} tools and services in one place.`);
    case 'compare':
      return titled('Compare Listings', `Compare ${productName} tools and services side by side: price, rating, delivery and partner programme terms.`);
    case 'company':
      return titled('Provider Profile', `A ${productName} provider on ${siteName}.`);
    case 'favorites':
      return titled('My Favorites', home.description);
    case 'dashboard':
      return titled('Dashboard', home.description);
    case 'provider':
      return titled('Provider Dashboard', home.description);
    case 'admin':
      return titled('Admin Dashboard', home.description);
    case 'auth':
      return titled('Sign In', `Sign in or create your ${siteName} account.`);
    case 'reset-password':
      return titled('Choose a New Password', `Set a new password for your ${siteName} account.`);
    case 'invitation':
      return titled('Set Your Password', `Finish setting up the ${siteName} account an administrator created for you.`);
    case 'claim-listing':
      return titled('Claim Your Listing', `Confirm the claim of your company's listing on ${siteName}.`);
    case 'contact':
      return titled('Contact Us', `Questions about ${siteName}? We answer within 24 hours.`);
    case 'privacy-policy':
      return titled('Privacy Policy', `How ${siteName} handles your personal data.`);
    case 'terms-conditions':
      return titled('Terms & Conditions', `The terms of using ${siteName}.`);
    case 'how-reviews-work':
      return titled('How Reviews Work', `Who writes the reviews on ${siteName}, what the Verified partner badge means, and how reviews are moderated.`);
    case 'pricing':
      return titled('Plans for Providers', `List your ${productName} services and tools on ${siteName}: the free plan and the paid plans, what each includes and costs.`);
    case 'not-found':
      return titled('Page Not Found', home.description);
  }
}
