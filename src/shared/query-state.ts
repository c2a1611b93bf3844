/**
 * The id of the `<script type="application/json">` that carries a server render's query cache to
 * the browser: data, not code, so the Content-Security-Policy needs no nonce for it.
 */
export const QUERY_STATE_ID = 'query-state';
