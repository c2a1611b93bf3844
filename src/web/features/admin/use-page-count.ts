import { useEffect } from 'react';

/**
 * How many pages a server list's total (X-Total-Count) makes. When the total shrinks under the
 * current page (the last item of the last page was approved or deleted), the page steps back to
 * the new last one instead of showing an empty page.
 */
export function usePageCount(total: number | undefined, pageSize: number, page: number, setPage: (page: number) => void) {
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / pageSize));
  useEffect(() => {
    if (total !== undefined && page > pageCount) setPage(pageCount);
  }, [total, page, pageCount, setPage]);
  return pageCount;
}
