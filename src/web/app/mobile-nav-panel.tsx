import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { Menu } from '../components/ui/icons';
import type { User } from '../../shared/types';
import { Button } from '../components/ui/button';
import { SidePanel, SidePanelContent, SidePanelTrigger } from '../components/ui/side-panel';
import { useLogout } from '../features/auth/api/use-logout';
import { cn } from '../lib/cn';
import { navLinks } from './nav-links';

/**
 * The phone's navigation: the menu button and the side panel it opens, with the main links and the
 * account's. Loaded on the first press of the menu button (mobile-nav.tsx), so it opens at once.
 */
export function MobileNavPanel({ user }: { user: User | null }) {
  const [open, setOpen] = useState(true);
  const [location] = useLocation();
  const { logout, isLoggingOut } = useLogout();
  const close = () => setOpen(false);

  const linkClass = (href: string) =>
    cn('block rounded-md px-3 py-2.5 text-base font-medium hover:bg-canvas', location === href ? 'bg-primary-soft text-primary' : 'text-ink');

  return (
    <SidePanel open={open} onOpenChange={setOpen}>
      <SidePanelTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Open menu" className="md:hidden">
          <Menu className="h-5 w-5" aria-hidden="true" />
        </Button>
      </SidePanelTrigger>
      <SidePanelContent title="Menu">
        <nav aria-label="Main" className="space-y-1">
          {navLinks.map((link) => (
            <Link key={link.href} href={link.href} onClick={close} className={linkClass(link.href)}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className="mt-6 space-y-1 border-t border-line pt-6">
          {user ? (
            <>
              <Link href="/favorites" onClick={close} className={linkClass('/favorites')}>
                My Favorites
              </Link>
              <Link href="/dashboard" onClick={close} className={linkClass('/dashboard')}>
                Dashboard
              </Link>
              {user.isProvider && (
                <Link href="/provider" onClick={close} className={linkClass('/provider')}>
                  Provider Dashboard
                </Link>
              )}
              {user.isAdmin && (
                <Link href="/admin" onClick={close} className={linkClass('/admin')}>
                  Admin Dashboard
                </Link>
              )}
              <Button variant="outline" className="mt-4 w-full" disabled={isLoggingOut} onClick={logout}>
                {isLoggingOut ? 'Logging out...' : 'Sign out'}
              </Button>
            </>
          ) : (
            <Button asChild className="w-full">
              <Link href="/auth" onClick={close}>
                List Your Service
              </Link>
            </Button>
          )}
        </div>
      </SidePanelContent>
    </SidePanel>
  );
}
