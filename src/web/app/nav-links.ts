/** The main navigation, in the header on wide screens and in the side panel on phones. */
export const navLinks = [
  { href: '/tools', label: 'Tools' },
  { href: '/services', label: 'Services' },
  { href: '/categories', label: 'Categories' },
  { href: '/trending', label: 'Trending' },
] as const;

/** Where a signed-in person's Dashboard button goes: providers have their own dashboard. */
export function dashboardLink(user: { isProvider: boolean }) {
  return user.isProvider ? { href: '/provider', label: 'Provider Dashboard' } : { href: '/dashboard', label: 'Dashboard' };
}
