import { lazy, Suspense, useRef, useState } from 'react';
import type { ListingType } from '../../../../shared/types';
import { Button } from '../../../components/ui/button';
import { useCurrentUser } from '../../../lib/current-user';
import { askToSignIn } from './ask-to-sign-in';

const loadDialog = () => import('./save-search-dialog');
const SaveSearchDialog = lazy(() => loadDialog().then((m) => ({ default: m.SaveSearchDialog })));

type Props = { type: ListingType; query: Record<string, string | number | undefined>; defaultName: string };

/**
 * "Alert me to new matches" on a list, search or category page. Its dialog carries the schema
 * library and the dialog's focus trap, code a list page would otherwise load for a button most
 * visitors never press: it loads when a member's pointer or focus reaches the button, and opens on
 * the first press. A visitor is asked to sign in first.
 */
export function SaveSearchButton(props: Props) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const preload = () => void (user && loadDialog());

  return (
    <>
      <Button
        ref={trigger}
        variant="outline"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => (user ? setOpen(true) : askToSignIn())}
      >
        Alert me to new matches
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SaveSearchDialog {...props} trigger={trigger} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
