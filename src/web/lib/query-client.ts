import { QueryClient, type QueryKey } from '@tanstack/react-query';

const minutes = (n: number) => n * 60 * 1000;

/**
 * The spec's cache rules: data never goes stale on its own, reads do not retry and do not
 * refetch on window focus. Queries with their own cache time (featured, trending, categories,
 * meta) set staleTime/gcTime from `cacheTimes`.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The browser's one cache. A server render makes its own per request (entry-server.tsx). */
export const queryClient = createQueryClient();

export const cacheTimes = {
  featured: { staleTime: minutes(5), gcTime: minutes(10) },
  trending: { staleTime: minutes(2), gcTime: minutes(5) },
  categories: { staleTime: minutes(10), gcTime: minutes(30) },
  meta: { staleTime: minutes(5) },
} as const;

/**
 * Puts a change's answer in the cache as `queryKey`'s data. A read of it already under way
 * started before the change (the page's own as it opened, say) and would land afterwards with what
 * held before: it is cancelled first, and only then is the answer set (a cancelled read reverts
 * its query's state, so setting first would be undone).
 */
export async function putAnswer<T>(client: QueryClient, queryKey: QueryKey, answer: T): Promise<void> {
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, answer);
}
