import { Suspense } from 'react';
import type { Listing, Review, User } from '../../../../shared/types';
import { lazyPage } from '../../../app/lazy-page';

// Signed-in viewers only: visitors' pages do not load the reply and report forms.
const ReviewActions = lazyPage('features/reviews/components/review-actions.tsx', () => import('./review-actions').then((m) => ({ default: m.ReviewActions })));

/** Under each review: replying (the listing's provider) and reporting (anyone signed in but its author). */
export function ReviewActionsSlot({ listing, member, review }: { listing: Pick<Listing, 'id' | 'type' | 'provider'>; member: User | null; review: Review }) {
  if (!member) return null;
  return (
    <Suspense>
      <ReviewActions listing={listing} member={member} review={review} />
    </Suspense>
  );
}
