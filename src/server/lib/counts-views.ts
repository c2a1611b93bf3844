import { isbot } from 'isbot';

/**
 * The answers of isbot for the user agents seen lately: its pattern is tested on every counted
 * answer, a cached search page included (about a tenth of such a page's time at 10,000 a second),
 * and a site sees the same few hundred user agents over and over. Forgotten all at once when full.
 */
const known = new Map<string, boolean>();
const MAX_KNOWN = 1_000;

/**
 * Whether a client with this user agent may count a view of a listing at all: not a known bot,
 * and not a client that sends no user agent (browsers always do; scripts looping on a page often
 * do not). Shared by the API's view counting and the server-rendered page cache.
 */
export const countsViews = (userAgent: string | undefined): userAgent is string => {
  if (!userAgent) return false;
  let counts = known.get(userAgent);
  if (counts === undefined) {
    if (known.size >= MAX_KNOWN) known.clear();
    counts = !isbot(userAgent);
    known.set(userAgent, counts);
  }
  return counts;
};
