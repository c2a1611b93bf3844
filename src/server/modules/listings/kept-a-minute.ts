/**
 * How long a server keeps what it learnt of the catalogue's words (search-words.queries.ts) when
 * no notification of a write reaches it: a bound in case one was missed while the connection that
 * hears them was down.
 */
export const KEPT_MS = 60_000;
