import { type MouseEvent, useEffect } from 'react';
import { Link, useLocation, useSearchParams } from 'wouter';
import { compareAddress, MAX_COMPARED, returnPath, withCompareParam } from '../../../../shared/compare-ids';
import { Button } from '../../../components/ui/button';
import { X } from '../../../components/ui/icons';
import { clearCompared, dismissRefusal, mergeCompared, refusalMessage, removeCompared, useCatalogueComparison } from '../../../lib/compare-store';
import { useHydrated } from '../../../lib/hydration';
import { useCompare } from '../api/use-compare';

/**
 * The comparison being built, at the foot of every page but the compare page: the listings
 * collected so far (each removable), a refusal when a fifth was asked for, and the way to the
 * comparison, which remembers the results it was built from (their filters). Rendered by the server
 * from the address's `compare` parameter, so it works without the script; once the script runs,
 * the comparison kept in the browser is shown, and the address's listings join it.
 */
export function CompareTray() {
  const [path, navigate] = useLocation();
  const [params] = useSearchParams();
  const { address, state } = useCatalogueComparison();
  // Titles of what the address names (the server's render, a shared link); the stored ones have their own.
  const named = useCompare([...address.kept].sort((a, b) => a - b));
  const titles = new Map((named.data?.items ?? []).map((item) => [item.listing.id, item.listing.title]));
  const addressRefusal = address.refused.length ? refusalMessage(null) : null;

  // Once the page has hydrated, the address's comparison joins the stored one and leaves the
  // address, so that Back or a later removal cannot bring it back from there. Not before: a
  // navigation then is a full page load (lib/hydration.ts), which would throw away a search being
  // typed on a slow phone.
  const hydrated = useHydrated();
  const pending = hydrated && params.has('compare') && (named.isSuccess || named.isError);
  useEffect(() => {
    if (!pending) return;
    mergeCompared(
      address.kept.filter((id) => titles.has(id)).map((id) => ({ id, title: titles.get(id)! })),
      addressRefusal,
    );
    // The address as it is now, not as it was rendered: a search sent since must not be replaced by the old one.
    const now = new URL(window.location.href);
    if (!now.searchParams.has('compare')) return;
    now.searchParams.delete('compare');
    navigate(now.pathname + now.search, { replace: true });
    // Runs once per address: the ids and titles are read from it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pending]);

  // An id of the address that is no live listing (any more) is left out once the answer says so.
  const items = state.items
    .filter((item) => item.title || titles.has(item.id) || !named.isSuccess)
    .map((item) => ({ id: item.id, title: item.title || titles.get(item.id) || `Listing #${item.id}` }));
  const refused = state.refused ?? (params.has('compare') ? addressRefusal : null);
  if (items.length === 0 && !refused) return null;

  const query = params.toString();
  const here = query ? `${path}?${query}` : path;
  const ids = items.map((item) => item.id);
  const from = returnPath(withCompareParam(here, []));
  const without = (id: number | null) => withCompareParam(here, id === null ? [] : ids.filter((kept) => kept !== id));
  const act = (action: () => void) => (event: MouseEvent) => {
    event.preventDefault();
    action();
  };

  return (
    <>
      {/* Room for the tray at the foot of the page, so it never covers the last of it. */}
      <div aria-hidden="true" className="h-28 sm:h-20" />
      <aside aria-labelledby="compare-tray-heading" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur" data-testid="compare-tray">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:flex-nowrap sm:px-6 lg:px-8">
          <h2 id="compare-tray-heading" className="shrink-0 text-sm font-semibold text-ink">
            Compare <span className="font-normal text-muted">{items.length} of {MAX_COMPARED}</span>
          </h2>
          <ul className="order-3 flex w-full min-w-0 gap-2 overflow-x-auto sm:order-none sm:w-auto sm:flex-1" aria-label="Listings in the comparison">
            {items.map((item) => (
              <li key={item.id} className="flex max-w-56 shrink-0 items-center gap-1 rounded-full border border-line bg-canvas py-1 pr-1 pl-3 text-sm text-ink">
                <span className="truncate">{item.title}</span>
                <a
                  href={without(item.id)}
                  onClick={act(() => removeCompared(item.id))}
                  className="inline-flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-muted hover:bg-line hover:text-ink"
                  data-testid="compare-tray-remove"
                >
                  <X aria-hidden="true" className="h-3.5 w-3.5" />
                  <span className="sr-only">Remove {item.title} from the comparison</span>
                </a>
              </li>
            ))}
          </ul>
          <div className="ml-auto flex shrink-0 items-center gap-2">
            <a href={without(null)} onClick={act(clearCompared)} className="text-sm text-muted underline-offset-2 hover:underline">
              Clear
            </a>
            {items.length > 0 && (
              <Button asChild size="sm">
                <Link href={compareAddress(ids, from)} data-testid="compare-tray-open">
                  Compare {items.length}
                </Link>
              </Button>
            )}
          </div>
        </div>
        {refused && (
          <div role="alert" className="border-t border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900" data-testid="compare-refused">
            <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 sm:px-2 lg:px-4">
              <p>{refused}</p>
              {state.refused && (
                <button type="button" onClick={dismissRefusal} className="shrink-0 text-sm underline">
                  Dismiss
                </button>
              )}
            </div>
          </div>
        )}
      </aside>
    </>
  );
}
