import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Meta } from '../../shared/types';
import { apiGet, withQuery } from './api';
import { cacheTimes } from './query-client';
import { useSite } from './site';

/** The spec's title and description when the meta call fails or has not answered yet. */
export function defaultMeta(productName: string): Meta {
  return {
    title: `Premium ${productName} Tools & Services for Agencies`,
    description: `Discover premium ${productName} tools and services for agencies.`,
  };
}

async function fetchMeta(page: string, entityId: string | number | undefined): Promise<Meta> {
  try {
    return await apiGet<Meta>(withQuery(`/api/meta/${encodeURIComponent(page)}`, { entityId }));
  } catch {
    throw new Error('Failed to fetch meta tags');
  }
}

function setDescription(content: string) {
  let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  tag.content = content;
}

/**
 * Sets the document's title and meta description from GET /api/meta/{page}?entityId= (cached 5 min).
 * `page` is 'home', 'category', 'service', 'tool' or a static page's name ('contact' ...). An entity
 * page passes `null` as entityId until it knows the id, so no generic title is fetched for it.
 * Until the answer arrives, or when the call fails, the spec's defaults apply.
 */
export function usePageMeta(page: string, entityId?: string | number | null) {
  const { productName } = useSite();
  const query = useQuery({
    queryKey: ['/api/meta', page, entityId ?? null],
    queryFn: () => fetchMeta(page, entityId ?? undefined),
    enabled: entityId !== null,
    ...cacheTimes.meta,
  });
  const meta = query.data ?? defaultMeta(productName);
  // Until an entity page knows what it shows, the title it has stays: the server's (its listing's
  // own, or 'Page Not Found'), or the previous page's; the home page's defaults would be wrong.
  const waiting = entityId === null;

  useEffect(() => {
    if (waiting) return;
    document.title = meta.title;
    setDescription(meta.description);
  }, [waiting, meta.title, meta.description]);

  return { meta, error: query.error };
}

/**
 * The meta of a page about one thing (a listing, a company, a category): its own once it has
 * loaded, the not-found page's once it is known not to exist, and no change while it loads or
 * when it could not be read.
 */
export function useEntityPageMeta(page: string, entity: { isPending: boolean; error: Error | null; data: { id: number | string } | null | undefined }) {
  const missing = !entity.isPending && !entity.error && !entity.data;
  return usePageMeta(missing ? 'not-found' : page, missing ? undefined : (entity.data?.id ?? null));
}
