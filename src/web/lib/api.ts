/**
 * The one way the client talks to the API (SPEC.md section 7): credentials always sent, a JSON
 * body only when there is a payload, and any non-success answer thrown as an ApiError whose
 * message is "{status}: {body text}". `serverMessage` is the readable part for toasts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly serverMessage: string,
    readonly fields: Record<string, string> | undefined,
    bodyText: string,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The readable message of any error, for a toast. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.serverMessage || fallback;
  return fallback;
}

type Fetch = typeof fetch;
/** The fetch of the server render whose reads are being started (startReads), if any. */
let renderFetch: Fetch | undefined;

/**
 * Starts a server render's reads (`start`) with the client's API calls answered by `fetch`, which
 * routes them in-process through the API (entry-server.tsx). It covers what `start` sends before
 * it first waits, which is every read a page makes: each query function sends its read as it is
 * called (apiGet and the rest below), and query.fetch() calls it at once. Kept in a variable for
 * that one synchronous call rather than in an AsyncLocalStorage: once a process has used one,
 * Node 20 pays for async-hook bookkeeping on every callback and socket write, which cost every
 * hot read a quarter of its throughput (docs/decisions/server-rendering.md).
 */
export function startReads<T>(fetch: Fetch, start: () => T): T {
  const outer = renderFetch;
  renderFetch = fetch;
  try {
    return start();
  } finally {
    renderFetch = outer;
  }
}

const send: Fetch = (input, init) => {
  if (renderFetch) return renderFetch(input, init);
  // A relative address means nothing to the server's own fetch: say why instead.
  if (import.meta.env.SSR) throw new Error(`The server render read ${String(input)} after its query function had waited: send it first (lib/api.ts, startReads)`);
  return fetch(input, init);
};

export async function apiRequest<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await send(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    let message = text;
    let fields: Record<string, string> | undefined;
    try {
      const parsed = JSON.parse(text) as { message?: string; errors?: Record<string, string> };
      message = parsed.message ?? text;
      fields = parsed.errors;
    } catch {
      // Not JSON (a proxy's error page, say): the text itself is the message.
    }
    throw new ApiError(response.status, message, fields, text);
  }
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

export const apiGet = <T>(url: string) => apiRequest<T>('GET', url);

/**
 * A list endpoint's page and the total behind it (X-Total-Count). `totalExact` is false when the
 * server stopped counting and the total is a lower bound (X-Total-Count-Exact: false).
 */
export async function apiGetPage<T>(
  url: string,
): Promise<{ items: T[]; total: number; totalExact?: boolean; otherType?: { total: number; totalExact: boolean }; relaxedTo?: string }> {
  const response = await send(url, { credentials: 'include' });
  if (!response.ok) {
    const text = (await response.text()) || response.statusText;
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // keep the text
    }
    throw new ApiError(response.status, message, undefined, text);
  }
  const items = (await response.json()) as T[];
  const otherType = response.headers.get('x-other-type-count');
  const relaxedTo = response.headers.get('x-search-words');
  return {
    items,
    total: Number(response.headers.get('x-total-count') ?? items.length),
    totalExact: response.headers.get('x-total-count-exact') !== 'false',
    // A catalogue search's count of the other type's matches (GET /api/tools, /api/services).
    ...(otherType === null ? {} : { otherType: { total: Number(otherType), totalExact: response.headers.get('x-other-type-count-exact') !== 'false' } }),
    // A catalogue search no listing has every word of: the words the listings shown all have (X-Search-Words).
    ...(relaxedTo === null ? {} : { relaxedTo: decodeURIComponent(relaxedTo) }),
  };
}

/** Builds "/path?a=1&b=2" from the defined, non-empty values. */
export function withQuery(path: string, params: Record<string, string | number | boolean | undefined | null>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
