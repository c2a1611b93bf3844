/**
 * The values of a partner application (docs/decisions/partner-applications.md), shared by the
 * table's checks, the API's schemas and the screens' wording.
 */

/** pending: waiting for the provider; info_requested: the provider asked a question; approved, declined, withdrawn: settled. */
export const applicationStatuses = ['pending', 'info_requested', 'approved', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

/** The states a member may have only one of per listing: a second application is refused while one is open or approved. */
export const openApplicationStatuses = ['pending', 'info_requested'] as const satisfies readonly ApplicationStatus[];

export const declineReasons = ['not_a_fit', 'regions_not_covered', 'too_small', 'incomplete', 'other'] as const;
export type DeclineReason = (typeof declineReasons)[number];

export const declineReasonLabels: Record<DeclineReason, string> = {
  not_a_fit: 'Not the right fit for the programme',
  regions_not_covered: 'The programme does not cover your regions',
  too_small: 'The programme needs more clients',
  incomplete: 'The application is missing information',
  other: 'Another reason',
};

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'Waiting for the provider',
  info_requested: 'More information asked',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

/** Bounds of the text fields. */
export const APPLICATION_LIMITS = {
  agencyName: 120,
  agencyWebsite: 300,
  regions: 200,
  services: 500,
  message: 2000,
  note: 1000,
  welcome: 2000,
} as const;

/** The longest waiting period a provider may set after declining, in days. */
export const MAX_REAPPLY_DAYS = 365;

/** The most clients an application may state. */
export const MAX_CLIENT_COUNT = 100_000;
