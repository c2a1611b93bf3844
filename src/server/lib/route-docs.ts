import { z } from 'zod';
import { errorJson } from '../../shared/schemas/responses';

/**
 * Pieces of route schemas that only describe the API (for the OpenAPI document): who may call a
 * route and which error statuses it answers.
 */

/** Marks a route that answers 401 without a session (the `sid` cookie). */
export const signedIn = { security: [{ session: [] }] };

const errorMeanings = {
  400: 'The input is not valid; the message says which field and why',
  401: 'Not signed in, or the session has ended',
  403: 'Signed in, but not allowed to do this',
  404: 'Nothing found, or nothing this caller may see',
  409: 'Conflicts with what is stored (a taken slug or e-mail, a listing already decided)',
  413: 'The body is too large',
  415: 'The body is not of a type this route reads',
  429: 'Too many attempts; Retry-After says when to try again',
  503: 'The database is not answering; try again shortly',
} as const;

type ErrorStatus = keyof typeof errorMeanings;

/** The error answers a route may give: `{"message"}`, with `errors` per field for invalid input. */
export function errors<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof errorJson> {
  return Object.fromEntries(statuses.map((status) => [status, errorJson.describe(errorMeanings[status])])) as Record<S, typeof errorJson>;
}

/** An empty answer (204 No Content, or a redirect). */
export const noContent = z.undefined().describe('No content');
