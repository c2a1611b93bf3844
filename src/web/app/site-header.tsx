import { Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { User as UserIcon } from '../components/ui/icons';
import { Button } from '../components/ui/button';
import { cn } from '../lib/cn';
import { useSigningOutUser } from '../features/auth/api/use-logout';
import { useCurrentUser } from '../lib/current-user';
import { HeaderSearch } from './header-search';
import { lazyPage } from './lazy-page';
import { MobileNav } from './mobile-nav';

// Only signed-in members have the menu; its dropdown code stays out of a visitor's first load.
const AccountMenu = lazyPage('app/account-menu.tsx', () => import('./account-menu').then((m) => ({ default: m.AccountMenu })));
import { dashboardLink, navLinks } from './nav-links';
import { SiteLogo } from './site-logo';

/** The header on every screen: logo, main navigation, search, and the visitor's or member's account actions. */
export function SiteHeader() {
  const current = useCurrentUser();
  const signingOut = useSigningOutUser();
  // Signing out forgets the user at once; the header keeps its account controls (showing
  // 'Logging out...') for the moment until the page leaves.
  const user = current.user ?? signingOut;
  const { isLoading } = current;
  const [location] = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4 sm:px-6 lg:px-8">
        <SiteLogo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navLinks.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              aria-current={location === link.href ? 'page' : undefined}
              className={cn(
                'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-canvas hover:text-ink',
                location === link.href ? 'text-primary' : 'text-muted',
              )}
            >
              {link.label}
            </Link>
          ))}
        </nav>
        <HeaderSearch placeholder="Search tools and services..." className="ml-auto hidden w-full max-w-xs xl:block" />
        {/* Nothing until the session is known, so a member never sees the visitor's buttons flash by. */}
        <div className={cn('ml-auto flex items-center gap-2 xl:ml-0', isLoading && 'invisible')}>
          {user ? (
            <>
              <Button asChild size="sm" className="max-sm:hidden">
                <Link href={dashboardLink(user).href}>{dashboardLink(user).label}</Link>
              </Button>
              <Suspense fallback={<span className="h-8 w-8" />}>
                <AccountMenu user={user} />
              </Suspense>
            </>
          ) : (
            <>
              <Button asChild size="sm" className="max-sm:hidden">
                <Link href="/auth">List Your Service</Link>
              </Button>
              <Button asChild variant="ghost" size="icon">
                <Link href="/auth" aria-label="Sign in">
                  <UserIcon className="h-5 w-5" aria-hidden="true" />
                </Link>
              </Button>
            </>
          )}
          <MobileNav user={user} />
        </div>
      </div>
      {/* Below xl the header row has no room for the search box: it gets a row of its own. */}
      <div className="border-t border-line px-4 py-2 sm:px-6 lg:px-8 xl:hidden">
        <HeaderSearch placeholder="Search..." className="md:hidden" />
        <HeaderSearch placeholder="Search tools and services..." className="mx-auto hidden max-w-7xl md:block" />
      </div>
    </header>
  );
}
