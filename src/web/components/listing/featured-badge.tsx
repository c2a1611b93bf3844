import { cn } from '../../lib/cn';
import { Badge, type BadgeTone } from '../ui/badge';

/**
 * The public 'Featured' badge of a card or a listing's page: it links to the pricing page's
 * explanation of what featured means (the editors' picks and the plans' paid slots). Above a
 * card's stretched link (relative z-10), so it is a click target of its own.
 */
export function FeaturedBadge({ tone, className }: { tone: BadgeTone; className?: string }) {
  return (
    <a href="/pricing#featured" aria-label="Featured: what this means" title="What featured means" className={cn('relative z-10 rounded-full hover:opacity-80 focus-visible:ring-2 focus-visible:ring-primary focus-visible:outline-none', className)}>
      <Badge tone={tone}>Featured</Badge>
    </a>
  );
}
