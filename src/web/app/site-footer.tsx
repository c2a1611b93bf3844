import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Mail } from '../components/ui/icons';
import { useSite } from '../lib/site';
import { SiteLogo } from './site-logo';

function FooterColumn({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-ink">{title}</h2>
      <ul className="mt-3 space-y-2 text-sm">{children}</ul>
    </div>
  );
}

function FooterLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <li>
      <Link href={href} className="text-muted hover:text-primary">
        {children}
      </Link>
    </li>
  );
}

/**
 * Pages the spec names but does not describe yet. Plain text, not an anchor: a link without a
 * destination is one a crawler (or a keyboard) can only stumble on.
 */
function PlaceholderLink({ children }: { children: ReactNode }) {
  return (
    <li className="text-muted">
      {children} <span className="text-xs whitespace-nowrap">(coming soon)</span>
    </li>
  );
}

/** A link the operator points wherever they like (Site settings); until they do, the placeholder. */
function OperatorLink({ href, children }: { href: string | null; children: ReactNode }) {
  if (!href) return <PlaceholderLink>{children}</PlaceholderLink>;
  if (href.startsWith('/')) return <FooterLink href={href}>{children}</FooterLink>;
  return (
    <li>
      <a href={href} className="text-muted hover:text-primary">
        {children}
      </a>
    </li>
  );
}

export function SiteFooter() {
  const { productName, siteName, supportEmail, successStoriesUrl, resourcesUrl } = useSite();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-8 px-4 py-12 sm:grid-cols-3 sm:px-6 lg:grid-cols-5 lg:px-8">
        <div className="col-span-2 space-y-3 sm:col-span-3 lg:col-span-2">
          <SiteLogo />
          <p className="max-w-sm text-sm text-muted">
            Vetted {productName} tools and professional services that agencies can resell, in one directory.
          </p>
          <a href={`mailto:${supportEmail}`} className="inline-flex items-center gap-2 text-sm text-muted hover:text-primary">
            <Mail className="h-4 w-4" aria-hidden="true" /> {supportEmail}
          </a>
        </div>
        <FooterColumn title="Explore">
          <FooterLink href="/tools">Tools</FooterLink>
          <FooterLink href="/services">Services</FooterLink>
          <FooterLink href="/categories">Categories</FooterLink>
          <FooterLink href="/trending">Trending</FooterLink>
        </FooterColumn>
        <FooterColumn title="For providers">
          <FooterLink href="/auth">List Your Service</FooterLink>
          <FooterLink href="/provider">Provider Dashboard</FooterLink>
          <FooterLink href="/pricing">Plans &amp; Pricing</FooterLink>
          <OperatorLink href={successStoriesUrl}>Success Stories</OperatorLink>
          <OperatorLink href={resourcesUrl}>Resources</OperatorLink>
        </FooterColumn>
        <FooterColumn title="Support">
          <FooterLink href="/contact">Contact Us</FooterLink>
          <FooterLink href="/privacy-policy">Privacy Policy</FooterLink>
          <FooterLink href="/terms-conditions">Terms &amp; Conditions</FooterLink>
        </FooterColumn>
      </div>
      <div className="border-t border-line">
        {/* The server's year and the visitor's may differ for a few hours around New Year: not worth a hydration error. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted sm:px-6 lg:px-8" suppressHydrationWarning>
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
