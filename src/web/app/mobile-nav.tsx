import { lazy, Suspense, useState } from 'react';
import { Menu } from '../components/ui/icons';
import type { User } from '../../shared/types';
import { Button } from '../components/ui/button';

const loadPanel = () => import('./mobile-nav-panel');
const MobileNavPanel = lazy(() => loadPanel().then((m) => ({ default: m.MobileNavPanel })));

/**
 * The phone's menu button. The side panel it opens (a modal dialog, with its focus trap and scroll
 * lock) is code every page would carry for a button most visitors never press: it loads when the
 * pointer or focus reaches the button, and opens on the first press.
 */
export function MobileNav({ user }: { user: User | null }) {
  const [wanted, setWanted] = useState(false);
  const button = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Open menu"
      aria-haspopup="dialog"
      aria-expanded={false}
      className="md:hidden"
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setWanted(true)}
    >
      <Menu className="h-5 w-5" aria-hidden="true" />
    </Button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <MobileNavPanel user={user} />
    </Suspense>
  );
}
