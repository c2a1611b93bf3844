/**
 * The daily figures of a listing, in the order the insight screen, its table and its CSV show
 * them, each with the one-line definition the screen prints (docs/decisions/daily-figures.md).
 */
export const dailyFigures = [
  { key: 'views', label: 'Views', definition: 'Visits to the listing page, not counting bots or you.' },
  { key: 'uniqueVisitors', label: 'Unique visitors', definition: 'Different people who opened the listing page, each counted once a day.' },
  { key: 'leads', label: 'Leads', definition: 'Contact messages members sent about the listing.' },
  { key: 'favouritesAdded', label: 'Favourites added', definition: 'Times members saved the listing to their favourites.' },
  { key: 'favouritesRemoved', label: 'Favourites removed', definition: 'Times members took the listing out of their favourites.' },
  { key: 'websiteClicks', label: 'Website clicks', definition: 'Clicks from the listing page out to its website.' },
  { key: 'searchAppearances', label: 'Search appearances', definition: 'Times the listing was shown on a page of search results.' },
  { key: 'categoryAppearances', label: 'Category appearances', definition: 'Times the listing was shown on a page of its category.' },
  { key: 'newReviews', label: 'New reviews', definition: 'Reviews written about the listing.' },
  { key: 'partnerApplications', label: 'Partner applications', definition: "Applications agencies sent to the listing's partner programme." },
] as const;

export type DailyFigure = (typeof dailyFigures)[number]['key'];

export const leadRateDefinition = 'Leads per unique visitor over the range.';
export const averageRatingDefinition = 'The mean rating of the reviews written in the range.';

/** The ranges a provider can pick, in days; 'custom' takes a from and a to date. */
export const insightRanges = ['7', '30', '90', '365', 'custom'] as const;
export type InsightRange = (typeof insightRanges)[number];

/** The longest custom range: daily figures are kept 25 months. */
export const MAX_INSIGHT_DAYS = 762;

/** A lead rate as the screen prints it: "4.2 %", or "–" when nobody visited. */
export const formatRate = (rate: number | null) => (rate === null ? '–' : `${(rate * 100).toFixed(1)} %`);

/** A change against the previous period: "+12 %", "−5 %", "new" when there was nothing before. */
export function formatChange(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? '0 %' : 'new';
  const change = Math.round(((current - previous) / previous) * 100);
  return change > 0 ? `+${change} %` : change < 0 ? `−${-change} %` : '0 %';
}
