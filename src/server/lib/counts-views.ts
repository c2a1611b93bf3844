import { isbot } from 'isbot';

/**
 * Whether a client with this user agent may count a view of a listing at all: not a known bot,
 * and not a client that sends no user agent (browsers always do; scripts looping on a page often
 * do not). Shared by the API's view counting and the server-rendered page cache.
 */
export const countsViews = (userAgent: string | undefined): userAgent is string => !!userAgent && !isbot(userAgent);
