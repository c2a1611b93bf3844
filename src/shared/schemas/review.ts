import { z } from 'zod';
import { requiredText } from './auth';

export const REVIEW_COMMENT_REQUIRED = 'Please write a review comment.';

/** The review form on the detail page and POST /api/{services|tools}/{id}/reviews (SPEC.md section 5). */
export const reviewSchema = z.object({
  rating: z
    .number({ error: 'Rating must be a whole number from 1 to 5' })
    .int('Rating must be a whole number from 1 to 5')
    .min(1, 'Rating must be a whole number from 1 to 5')
    .max(5, 'Rating must be a whole number from 1 to 5')
    .default(5),
  comment: requiredText(REVIEW_COMMENT_REQUIRED).pipe(z.string().max(5000, 'Reviews must be at most 5000 characters')),
});
export type ReviewInput = z.input<typeof reviewSchema>;
export type ReviewPayload = z.output<typeof reviewSchema>;

/** The rating choices of the form, best first. */
export const reviewRatings = [5, 4, 3, 2, 1] as const;
