import { ArrowLeft } from 'lucide-react';
import { useLocation } from 'wouter';

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
    <button
      type="button"
      className="-ml-2 inline-flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-sm font-medium text-muted hover:bg-slate-100 hover:text-ink"
      onClick={() => (previousPageIsOurs() ? window.history.back() : navigate(fallback))}
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" />
      Back
    </button>
  );
}
