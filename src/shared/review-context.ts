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
