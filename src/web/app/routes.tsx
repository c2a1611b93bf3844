import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { AuthPage } from '../pages/auth-page';
import { CategoriesPage } from '../pages/categories-page';
import { CategoryPage } from '../pages/category-page';
import { CompanyPage } from '../pages/company-page';
import { ContactPage } from '../pages/contact-page';
import { HomePage } from '../pages/home-page';
import { ListingDetailPage } from '../pages/listing-detail-page';
import { ListingsPage } from '../pages/listings-page';
import { NotFoundPage } from '../pages/not-found-page';
import { PrivacyPolicyPage } from '../pages/privacy-policy-page';
import { TermsPage } from '../pages/terms-page';
import { TrendingPage } from '../pages/trending-page';
import { PageSpinner } from '../components/ui/page-spinner';

// Signed-in areas load on demand, so their code (the admin's rich-text editor above all) never
// weighs on the public pages.
const FavoritesPage = lazy(() => import('../pages/favorites-page'));
const DashboardPage = lazy(() => import('../pages/dashboard-page'));
const ProviderDashboardPage = lazy(() => import('../pages/provider-dashboard-page'));
const AdminPage = lazy(() => import('../pages/admin-page'));
const SetPasswordPage = lazy(() => import('../pages/set-password-page'));

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
        <Route path="/company/:id">{(params) => <CompanyPage idOrSlug={params.id} />}</Route>
        <Route path="/favorites" component={FavoritesPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/provider" component={ProviderDashboardPage} />
        <Route path="/admin" component={AdminPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/reset-password">{() => <SetPasswordPage purpose="password-reset" />}</Route>
        <Route path="/invitation">{() => <SetPasswordPage purpose="invitation" />}</Route>
        <Route path="/privacy-policy" component={PrivacyPolicyPage} />
        <Route path="/terms-conditions" component={TermsPage} />
        <Route path="/contact" component={ContactPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
