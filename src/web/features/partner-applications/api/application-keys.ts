/** Query keys of partner applications. Every change refreshes them all and the listing's programme (its terms may now be granted). */
export const applicationKeys = {
  all: ['/api/partner-applications'] as const,
  mine: ['/api/partner-applications', 'mine'] as const,
  provider: (status: string) => ['/api/partner-applications', 'provider', status] as const,
  admin: (status: string) => ['/api/partner-applications', 'admin', status] as const,
};
