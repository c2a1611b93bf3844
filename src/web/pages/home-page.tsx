import { HomeCategories } from '../features/categories/components/home-categories';
import { CallToAction } from '../features/catalog/components/home/call-to-action';
import { FeaturedServices } from '../features/catalog/components/home/featured-services';
import { HomeHero } from '../features/catalog/components/home/home-hero';
import { HomeSection } from '../features/catalog/components/home/home-section';
import { HomeStats } from '../features/catalog/components/home/home-stats';
import { WhyUs } from '../features/catalog/components/home/why-us';
import { ErrorState } from '../features/catalog/components/status-message';
import { useSite } from '../lib/site';
import { usePageMeta } from '../lib/page-meta';
import { favoriteAction } from '../features/favorites/components/favorite-action';

/** /: what the directory is, featured services, why agencies use it, categories, and where to go next. */
export function HomePage() {
  const site = useSite();
  usePageMeta('home');
  return (
    <main className="flex-1">
      <HomeHero title={site.heroTitle} text={site.heroText} badge={site.heroBadge} />
      {site.figures.length > 0 && <HomeStats stats={site.figures} />}
      <FeaturedServices renderAction={favoriteAction} />
      <WhyUs />
      <HomeSection id="categories-heading" title="Browse by Category" description="Tools and services grouped by what they help your agency do.">
        <HomeCategories renderError={(error, retry) => <ErrorState error={error} onRetry={retry} />} />
      </HomeSection>
      <CallToAction />
    </main>
  );
}
