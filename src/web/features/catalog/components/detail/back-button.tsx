import { ArrowLeft } from 'lucide-react';
import { useLocation } from 'wouter';
import { Button } from '../../../../components/ui/button';

type NavigationApi = { canGoBack?: boolean };

/** True when the previous history entry is a page of this site, so going back stays on it. */
function previousPageIsOurs(): boolean {
  const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
  if (navigation && typeof navigation.canGoBack === 'boolean') return navigation.canGoBack;
  return document.referrer.startsWith(window.location.origin);
}

/** Goes back to where the visitor came from, or to `fallback` when they arrived from elsewhere. */
export function BackButton({ fallback }: { fallback: string }) {
  const [, navigate] = useLocation();
  return (
    <Button variant="ghost" size="sm" className="-ml-3 text-muted" onClick={() => (previousPageIsOurs() ? window.history.back() : navigate(fallback))}>
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Button>
  );
}
