import type { ListingStatus } from '../../../shared/types';
import { Badge, type BadgeTone } from '../ui/badge';

const looks: Record<ListingStatus, { tone: BadgeTone; label: string }> = {
  approved: { tone: 'green', label: 'Live' },
  pending: { tone: 'yellow', label: 'Pending review' },
  rejected: { tone: 'red', label: 'Rejected' },
};

/**
 * Where a listing stands in moderation (SPEC.md section 4): approved green ('Live'), pending yellow,
 * rejected red, anything else grey. A missing status reads as pending: nothing is live until approved.
 */
export function ListingStatusBadge({ status }: { status: string | null | undefined }) {
  const look = looks[(status || 'pending') as ListingStatus] ?? { tone: 'neutral' as const, label: capitalise(status ?? '') };
  return (
    <Badge tone={look.tone} data-status={status || 'pending'}>
      {look.label}
    </Badge>
  );
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
