import { Suspense } from 'react';
import type { Listing, User } from '../../../../shared/types';
import { lazyPage } from '../../../app/lazy-page';

// Only signed-in members see the form: visitors' pages do not load it or its form library.
const ReviewForm = lazyPage('features/reviews/components/review-form.tsx', () => import('./review-form').then((m) => ({ default: m.ReviewForm })));

/**
 * What goes above a listing's reviews: the form for signed-in members, a note for the listing's own
 * provider (who may not review it), and a way to sign in for visitors.
 */
export function ReviewFormSlot({ listing, member }: { listing: Pick<Listing, 'id' | 'type' | 'provider'>; member: User | null }) {
  if (!member) {
    return (
      <p className="rounded-lg bg-canvas p-4 text-sm text-muted">
        <a href="/api/login" className="link-in-text">
          Log in
        </a>{' '}
        to write a review.
      </p>
    );
  }
  if (listing.provider?.id === member.id) {
    return <p className="rounded-lg bg-canvas p-4 text-sm text-muted">This is your listing: reviews come from the agencies that use it.</p>;
  }
  return (
    <Suspense>
      <ReviewForm type={listing.type} listingId={listing.id} />
    </Suspense>
  );
}
