import type { MouseEvent } from 'react';
import { Link } from 'wouter';
import { ArrowLeft } from '../../../../components/ui/icons';

type NavigationApi = { canGoBack?: boolean };

/** True when the previous history entry is a page of this site, so going back stays on it. */
function previousPageIsOurs(): boolean {
  const navigation = (window as unknown as { navigation?: NavigationApi }).navigation;
  if (navigation && typeof navigation.canGoBack === 'boolean') return navigation.canGoBack;
  return document.referrer.startsWith(window.location.origin);
}

/**
 * Goes back to where the visitor came from, or to `fallback` when they arrived from elsewhere. A
 * real link to `fallback`, so it leads somewhere without the script, and opens in a new tab too.
 */
export function BackButton({ fallback }: { fallback: string }) {
  function goBack(event: MouseEvent) {
    const newTab = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (newTab || !previousPageIsOurs()) return;
    event.preventDefault();
    window.history.back();
  }
  return (
    <Link
      href={fallback}
      onClick={goBack}
      className="-ml-2 inline-flex h-8 items-center gap-2 rounded-md px-2 text-sm font-medium text-muted hover:bg-slate-100 hover:text-ink"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </Link>
  );
}
