import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from '../ui/badge';

/**
 * The public badge of a featured card or listing page: 'Featured' for the editors' picks,
 * 'Sponsored' for a featured slot its provider pays for, so a paid placement is disclosed as such
 * where it is shown. It links to the pricing page's explanation of both. Above a card's stretched
 * link (relative z-10), so it is a click target of its own.
 */
export function FeaturedBadge({ sponsored, tone, className }: { sponsored: boolean; tone: BadgeTone; className?: string }) {
  const label = sponsored ? 'Sponsored' : 'Featured';
  return (
    <a href="/pricing#featured" aria-label={`${label}: what this means`} title={`What ${label.toLowerCase()} means`} className={cn('relative z-10 rounded-full hover:opacity-80 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none', className)}>
      <Badge tone={tone}>{label}</Badge>
    </a>
  );
}
