import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { CompareTray } from '../features/compare/components/compare-tray';
import { SignInRequired } from './sign-in-required';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The frame around every screen. Pages render their own <main>. */
export function Layout({ children }: { children: ReactNode }) {
  const [path] = useLocation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-surface focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <SiteHeader />
      <div id="content" className="flex flex-1 flex-col">
        <SignInRequired>{children}</SignInRequired>
      </div>
      <SiteFooter />
      {/* The compare page is the comparison itself. */}
      {path !== '/compare' && <CompareTray />}
    </div>
  );
}
