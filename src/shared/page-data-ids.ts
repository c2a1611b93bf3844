// The ids of the JSON data elements of a server-rendered page: written by the server, read by the browser.

/**
 * The id of the `<script type="application/json">` that carries a server render's query cache to
 * the browser: data, not code, so the Content-Security-Policy needs no nonce for it.
 */
export const QUERY_STATE_ID = 'query-state';

/**
 * The id of the `<script type="application/json">` that lists the code a server-rendered page
 * runs (the app's and the page's own chunks), which src/web/main.tsx fetches after the first paint.
 */
export const APP_MODULES_ID = 'app-modules';
