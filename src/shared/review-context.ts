/**
 * Who wrote a review, in the reviewer's own words, chosen when writing it: how they used the listing
 * and how large their agency is. Both optional (docs/decisions/review-context.md).
 */
export const reviewerContexts = ['resold', 'in_house'] as const;
export type ReviewerContext = (typeof reviewerContexts)[number];

export const agencySizes = ['1-10', '11-50', '51-200', '201+'] as const;
export type AgencySize = (typeof agencySizes)[number];

export const reviewerContextLabels: Record<ReviewerContext, string> = {
  resold: 'Resold it to clients',
  in_house: 'Used it in-house',
};

export const agencySizeLabel = (size: AgencySize) => `${size} people`;

/** The orders a listing's reviews can be read in; newest is the default. */
export const reviewSorts = ['newest', 'highest', 'lowest'] as const;
export type ReviewSort = (typeof reviewSorts)[number];
export const reviewSortLabels: Record<ReviewSort, string> = { newest: 'Newest', highest: 'Highest rated', lowest: 'Lowest rated' };

/** The order and filters of a listing's reviews (GET .../reviews and the listing page's address). */
export type ReviewListFilters = { sort: ReviewSort; rating?: number; context?: ReviewerContext };

const oneOf = <T extends string>(choices: readonly T[], value: string | null): T | undefined => choices.find((choice) => choice === value);

/**
 * The reviews' order and filters as the listing page's address gives them (?sort=&rating=&context=),
 * without the schema library: the page carries no form that needs it. A value that is not a
 * choice is left out (the default list, not an error page); the API's own schema
 * (shared/schemas/review.ts) refuses it with a message instead.
 */
export function reviewFiltersFrom(params: URLSearchParams): ReviewListFilters {
  const rating = Number(params.get('rating'));
  return {
    sort: oneOf(reviewSorts, params.get('sort')) ?? 'newest',
    ...(Number.isInteger(rating) && rating >= 1 && rating <= 5 ? { rating } : {}),
    ...(oneOf(reviewerContexts, params.get('context')) ? { context: oneOf(reviewerContexts, params.get('context'))! } : {}),
  };
}
