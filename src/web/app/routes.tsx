import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PageSpinner } from '../components/ui/page-spinner';
import { HydrationSignal } from './hydration-signal';
import { lazyPage } from './lazy-page';

// Every screen is its own chunk, so a page loads only its own code: the home page none of the
// forms, dashboards or the admin's rich-text editor. The server render names the chunks of the
// page it rendered in the head (modulepreload), so they load beside the main script.
const HomePage = lazyPage('pages/home-page.tsx', () => import('../pages/home-page').then((m) => ({ default: m.HomePage })));
const ListingsPage = lazyPage('pages/listings-page.tsx', () => import('../pages/listings-page').then((m) => ({ default: m.ListingsPage })));
const TrendingPage = lazyPage('pages/trending-page.tsx', () => import('../pages/trending-page').then((m) => ({ default: m.TrendingPage })));
const CategoriesPage = lazyPage('pages/categories-page.tsx', () => import('../pages/categories-page').then((m) => ({ default: m.CategoriesPage })));
const CategoryPage = lazyPage('pages/category-page.tsx', () => import('../pages/category-page').then((m) => ({ default: m.CategoryPage })));
const ListingDetailPage = lazyPage('pages/listing-detail-page.tsx', () => import('../pages/listing-detail-page').then((m) => ({ default: m.ListingDetailPage })));
const ComparePage = lazyPage('pages/compare-page.tsx', () => import('../pages/compare-page').then((m) => ({ default: m.ComparePage })));
const CompanyPage = lazyPage('pages/company-page.tsx', () => import('../pages/company-page').then((m) => ({ default: m.CompanyPage })));
const AuthPage = lazyPage('pages/auth-page.tsx', () => import('../pages/auth-page').then((m) => ({ default: m.AuthPage })));
const PrivacyPolicyPage = lazyPage('pages/privacy-policy-page.tsx', () => import('../pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })));
const HowReviewsWorkPage = lazyPage('pages/how-reviews-work-page.tsx', () => import('../pages/how-reviews-work-page').then((m) => ({ default: m.HowReviewsWorkPage })));
const TermsPage = lazyPage('pages/terms-page.tsx', () => import('../pages/terms-page').then((m) => ({ default: m.TermsPage })));
const ContactPage = lazyPage('pages/contact-page.tsx', () => import('../pages/contact-page').then((m) => ({ default: m.ContactPage })));
const PricingPage = lazyPage('pages/pricing-page.tsx', () => import('../pages/pricing-page').then((m) => ({ default: m.PricingPage })));
const NotFoundPage = lazyPage('pages/not-found-page.tsx', () => import('../pages/not-found-page').then((m) => ({ default: m.NotFoundPage })));
const FavoritesPage = lazyPage('pages/favorites-page.tsx', () => import('../pages/favorites-page'));
const DashboardPage = lazyPage('pages/dashboard-page.tsx', () => import('../pages/dashboard-page'));
const ProviderDashboardPage = lazyPage('pages/provider-dashboard-page.tsx', () => import('../pages/provider-dashboard-page'));
const ProviderInsightPage = lazyPage('pages/provider-insight-page.tsx', () => import('../pages/provider-insight-page'));
const AdminPage = lazyPage('pages/admin-page.tsx', () => import('../pages/admin-page'));
const SetPasswordPage = lazyPage('pages/set-password-page.tsx', () => import('../pages/set-password-page'));
const ClaimListingPage = lazyPage('pages/claim-listing-page.tsx', () => import('../pages/claim-listing-page'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/tools">{() => <ListingsPage type="tools" />}</Route>
        <Route path="/services">{() => <ListingsPage type="services" />}</Route>
        <Route path="/trending" component={TrendingPage} />
        <Route path="/categories" component={CategoriesPage} />
        <Route path="/category/:slug">{(params) => <CategoryPage slug={params.slug} />}</Route>
        <Route path="/tool/:id">{(params) => <ListingDetailPage type="tools" idOrSlug={params.id} />}</Route>
        <Route path="/service/:id">{(params) => <ListingDetailPage type="services" idOrSlug={params.id} />}</Route>
        <Route path="/compare" component={ComparePage} />
        <Route path="/company/:id">{(params) => <CompanyPage idOrSlug={params.id} />}</Route>
        <Route path="/favorites" component={FavoritesPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/provider" component={ProviderDashboardPage} />
        <Route path="/provider/insight" component={ProviderInsightPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/reset-password">{() => <SetPasswordPage purpose="password-reset" />}</Route>
        <Route path="/invitation">{() => <SetPasswordPage purpose="invitation" />}</Route>
        <Route path="/claim-listing" component={ClaimListingPage} />
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-conditions" component={TermsPage} />
        <Route path="/how-reviews-work" component={HowReviewsWorkPage} />
        <Route path="/contact" component={ContactPage} />
        <Route path="/pricing" component={PricingPage} />
        <Route component={NotFoundPage} />
      </Switch>
      <HydrationSignal />
    </Suspense>
  );
}
