import { z } from 'zod';

const LARGEST_ID = 2_147_483_647;

/** The review id in /api/reviews/{reviewId}/...: anything but a positive integer is a 400, never a 500. */
export const reviewIdParams = z.object({
  reviewId: z.coerce.number({ error: 'Invalid review id' }).int('Invalid review id').positive('Invalid review id').max(LARGEST_ID, 'Invalid review id'),
});
