import { useState, type MouseEvent, type ReactElement } from 'react';
import { Heart } from '../../../components/ui/icons';
import type { ListingSummary } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { redirectAfter, useCurrentUser } from '../../../lib/current-user';
import { toast } from '../../../lib/toast';
import { useFavoriteIds } from '../api/use-favorite-ids';
import { useFavoriteStatus } from '../api/use-favorite-status';
import { useToggleFavorite } from '../api/use-toggle-favorite';

type FavoriteButtonProps = {
  listing: Pick<ListingSummary, 'id' | 'type' | 'title'>;
  /**
   * 'card': a round icon in a card's corner, reading the member's saved ids once per page.
   * 'page': the detail page's labelled button, reading the listing's own favourite status.
   */
  variant?: 'card' | 'page';
};

function askToSignIn(variant: 'card' | 'page') {
  // The detail page's prompt has its own title and waits longer (SPEC.md sections 8 and 9).
  toast({
    title: variant === 'page' ? 'Please sign in' : 'Please log in',
    description: 'You need to be logged in to save favorites.',
    variant: 'destructive',
  });
  redirectAfter('/api/login', variant === 'page' ? 1000 : 500);
}

/** The heart: saves or removes a listing, disabled while a request is in flight. */
export function FavoriteButton({ listing, variant = 'card' }: FavoriteButtonProps) {
  const { isAuthenticated, isLoading } = useCurrentUser();
  const ids = useFavoriteIds(isAuthenticated && variant === 'card');
  const status = useFavoriteStatus(listing.type, listing.id, isAuthenticated && variant === 'page');
  const toggle = useToggleFavorite();
  // What this button last did successfully wins over a server answer that is being refreshed.
  const [localState, setLocalState] = useState<boolean | undefined>(undefined);

  const serverSays = variant === 'card' ? (ids.data?.has(listing.id) ?? false) : (status.data?.isFavorited ?? false);
  const isFavorited = isAuthenticated && (localState ?? serverSays);

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // A visitor's heart submits its sign-in form only when the app is not there to say why first.
    if (!isAuthenticated) event.preventDefault();
    // Until the session is known, a click must not tell a signed-in member to log in.
    if (isLoading) return;
    if (!isAuthenticated) return askToSignIn(variant);
    const add = !isFavorited;
    toggle.mutate({ listingId: listing.id, add }, { onSuccess: () => setLocalState(add) });
  }

  const label = isFavorited ? `Remove ${listing.title} from favorites` : `Add ${listing.title} to favorites`;
  const heart = <Heart className={cn('h-5 w-5', isFavorited && 'fill-current')} aria-hidden="true" />;
  // For a visitor the heart is the submit button of a form to the sign-in link, so it leads there
  // before the app's code has run (or without it); the app says why first (askToSignIn).
  const signInFallback = !isAuthenticated && !isLoading;
  const asSignIn = (button: ReactElement) =>
    signInFallback ? (
      // data-replay: a click before the app runs is kept for it (shared/early-events.ts), so the
      // visitor is told why first; without the app's code the form still leads to sign-in.
      <form method="get" action="/api/login" data-replay="" className="contents">
        {button}
      </form>
    ) : (
      button
    );

  if (variant === 'page') {
    const text = isFavorited ? 'Saved' : 'Save';
    return asSignIn(
      <Button
        type={signInFallback ? 'submit' : 'button'}
        variant="outline"
        onClick={onClick}
        disabled={toggle.isPending}
        aria-pressed={isFavorited}
        // The name starts with the words on the button (WCAG 2.5.3: voice users say what they see).
        aria-label={`${text}: ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        className={cn(isFavorited && 'border-danger/40 text-danger')}
      >
        {heart}
        {text}
      </Button>,
    );
  }

  return asSignIn(
    <button
      type={signInFallback ? 'submit' : 'button'}
      onClick={onClick}
      disabled={toggle.isPending}
      aria-pressed={isFavorited}
      aria-label={label}
      title={isFavorited ? 'Remove from favorites' : 'Add to favorites'}
      className={cn(
        'inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-full bg-surface/95 shadow-sm ring-1 ring-line transition-colors',
        'hover:text-danger disabled:cursor-wait disabled:opacity-60',
        isFavorited ? 'text-danger' : 'text-muted',
      )}
    >
      {heart}
    </button>,
  );
}
