import { z } from 'zod';

const LARGEST_ID = 2_147_483_647;

/**
 * The numeric id in /api/{services|tools}/{id}/... and /api/favorites/{id}. Anything else
 * ("abc", "1.5", a number past the column's range) is a 400 with a readable message, never a 500.
 */
export const listingIdParams = z.object({
  id: z.coerce
    .number({ error: 'Invalid listing id' })
    .int('Invalid listing id')
    .positive('Invalid listing id')
    .max(LARGEST_ID, 'Invalid listing id'),
});

/** A listing type taken from the path, in the words people read in messages. */
