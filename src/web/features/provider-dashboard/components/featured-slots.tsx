import { useId } from 'react';
import type { FeaturedSlotsJson } from '../../../../shared/schemas/plan';
import type { Listing } from '../../../../shared/types';
import { LocalDate } from '../../../components/local-date';
import { Button } from '../../../components/ui/button';
import { Star } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useFeatureListing, useStopFeaturing } from '../api/use-featured-slots';

/** How the plan's featured slots stand: "Featured slots: 1 of 2 used", and where featuring is explained. */
export function FeaturedSlotsSummary({ slots }: { slots: FeaturedSlotsJson | undefined }) {
  if (!slots) return null;
  const ending = slots.slots.filter((slot) => slot.endsAt);
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-line bg-surface px-4 py-3 text-sm sm:flex-row sm:items-center sm:justify-between sm:gap-4" data-testid="featured-slots-summary">
      <p className="font-semibold text-ink">
        Featured slots: {slots.used} of {slots.granted} used
      </p>
      <p className="text-muted">
        {slots.granted === 0 ? (
          <>
            Your {slots.plan} plan has no featured slots.{' '}
            <a href="/pricing" className="link-in-text">
              See the plans
            </a>
          </>
        ) : (
          <>
            A featured listing is shown before the others.{' '}
            <a href="/pricing#featured" className="link-in-text">
              What featured means
            </a>
          </>
        )}
      </p>
      {ending.length > 0 && (
        <p className="text-muted sm:basis-full">
          {ending.length === 1 ? 'One slot ends' : `${ending.length} slots end`} on <LocalDate iso={ending[0]!.endsAt!} />, when your plan changes.
        </p>
      )}
    </div>
  );
}

/** Why a live listing cannot take a slot now, or null when it can. */
function unavailableReason(listing: Listing, slots: FeaturedSlotsJson): string | null {
  if (listing.featuredByEditor) return 'Already featured by our editors.';
  if (slots.granted === 0) return `Your ${slots.plan} plan has no featured slots.`;
  if (slots.used >= slots.granted) return `All ${slots.granted} of your featured slots are in use: stop featuring a listing to free one.`;
  return null;
}

/**
 * A listing's featuring action: "Stop featuring" when it fills a slot (whatever its status, so a
 * slot is never stuck), "Feature" for a live listing, disabled with the reason when it cannot.
 */
export function FeatureControl({ listing, slots }: { listing: Listing; slots: FeaturedSlotsJson }) {
  const reasonId = useId();
  const feature = useFeatureListing();
  const stop = useStopFeaturing();
  const slot = slots.slots.find((candidate) => candidate.listingId === listing.id);
  const onError = (error: unknown) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });

  if (slot) {
    return (
      <div className="space-y-1.5">
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          disabled={stop.isPending}
          onClick={() =>
            stop.mutate(listing.id, {
              onSuccess: () => toast({ title: 'Featuring stopped', description: `'${listing.title}' no longer fills one of your featured slots.` }),
              onError,
            })
          }
          aria-label={`Stop featuring ${listing.title}`}
        >
          <Star className="h-4 w-4" aria-hidden="true" />
          {stop.isPending ? 'Stopping...' : 'Stop featuring'}
        </Button>
        <p className="text-xs text-muted">
          {slot.endsAt ? (
            <>
              Fills a featured slot until <LocalDate iso={slot.endsAt} />.
            </>
          ) : listing.status === 'approved' ? (
            'Fills one of your featured slots.'
          ) : (
            'Fills a featured slot, but is not shown while it is not live.'
          )}
        </p>
      </div>
    );
  }
  if (listing.status !== 'approved') return null;

  const reason = unavailableReason(listing, slots);
  return (
    <div className="space-y-1.5">
      <Button
        variant="secondary"
        size="sm"
        className="w-full"
        disabled={!!reason || feature.isPending}
        aria-describedby={reason ? reasonId : undefined}
        onClick={() =>
          feature.mutate(listing.id, {
            onSuccess: () => toast({ title: 'Listing featured', description: `'${listing.title}' is now shown as featured.` }),
            onError,
          })
        }
        aria-label={`Feature ${listing.title}`}
      >
        <Star className="h-4 w-4" aria-hidden="true" />
        {feature.isPending ? 'Featuring...' : 'Feature'}
      </Button>
      {reason && (
        <p id={reasonId} className="text-xs text-muted">
          {reason}
        </p>
      )}
    </div>
  );
}
