import { z } from 'zod';
import { requiredText } from './auth';
import { agencySizes, reviewerContexts, reviewSorts } from '../review-context';

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
  // Optional, and null (or left out) when the reviewer does not say: docs/decisions/review-context.md
  reviewerContext: z.enum(reviewerContexts, { error: 'Reviewer context must be resold or in_house' }).nullable().default(null),
  agencySize: z.enum(agencySizes, { error: 'Agency size must be one of 1-10, 11-50, 51-200, 201+' }).nullable().default(null),
});
export type ReviewInput = z.input<typeof reviewSchema>;
export type ReviewPayload = z.output<typeof reviewSchema>;

/** The rating choices of the form, best first. */
export const reviewRatings = [5, 4, 3, 2, 1] as const;

/** A blank query parameter (an empty choice in a GET form) means no filter. */
const blank = (value: unknown) => (value === '' ? undefined : value);

/**
 * The order and filters of GET /api/{services|tools}/{id}/reviews, also read from the listing
 * page's address (?sort=&rating=&context=), so a link or a plain GET form gives the same list.
 */
export const reviewListFilters = {
  sort: z.preprocess(blank, z.enum(reviewSorts, { error: 'sort must be newest, highest or lowest' }).default('newest')),
  rating: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'rating must be a whole number from 1 to 5' })
      .int('rating must be a whole number from 1 to 5')
      .min(1, 'rating must be a whole number from 1 to 5')
      .max(5, 'rating must be a whole number from 1 to 5')
      .optional(),
  ),
  context: z.preprocess(blank, z.enum(reviewerContexts, { error: 'context must be resold or in_house' }).optional()),
};
/** The same shape as the listing page reads from its address without the schema (review-context.ts). */
export type { ReviewListFilters } from '../review-context';
