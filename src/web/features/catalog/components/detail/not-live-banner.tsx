import type { Listing } from '../../../../../shared/types';

/**
 * Over a listing's page while it is not live: only administrators and its provider can open it
 * (the server answers 404 to anyone else), and the banner says so, with the reason of a rejection.
 */
export function NotLiveBanner({ listing }: { listing: Listing }) {
  if (listing.status === 'approved') return null;
  const noun = listing.type === 'tools' ? 'tool' : 'service';
  const rejected = listing.status === 'rejected';
  return (
    <section aria-label="Not live" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{rejected ? `Not live: this ${noun} was rejected` : `Not live: this ${noun} is waiting for approval`}</p>
      {rejected && listing.rejectionReason && <p className="mt-1">{`Reason: ${listing.rejectionReason}`}</p>}
      <p className="mt-1">Only administrators and its provider can open this page; visitors and search engines do not see it.</p>
    </section>
  );
}
