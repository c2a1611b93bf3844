import { Badge } from '../ui/badge';
import { Award } from '../ui/icons';

/** The badge of the provider's plan (e.g. "Pro partner"), shown beside their name on their profile and their listings' pages. */
export function PlanBadge({ badge }: { badge: string | null | undefined }) {
  if (!badge) return null;
  return (
    <Badge tone="amber" data-plan-badge="" title="The badge of this provider's plan">
      <Award aria-hidden="true" className="h-3.5 w-3.5" />
      {badge}
    </Badge>
  );
}
