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
let serverFetch: (() => Fetch | undefined) | undefined;

/**
 * A server render answers the client's reads in-process, through the API's own routes, rather than
 * over the network (entry-server.tsx). `source` names the fetch of the request being rendered.
 */
export function setServerFetch(source: () => Fetch | undefined) {
  serverFetch = source;
}

const send: Fetch = (input, init) => (serverFetch?.() ?? fetch)(input, init);

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
export async function apiGetPage<T>(url: string): Promise<{ items: T[]; total: number; totalExact?: boolean }> {
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
  return {
    items,
    total: Number(response.headers.get('x-total-count') ?? items.length),
    totalExact: response.headers.get('x-total-count-exact') !== 'false',
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
