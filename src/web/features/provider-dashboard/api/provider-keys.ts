/** Query keys of the provider dashboard; all start with '/api/provider' so a listing save refreshes them together. */
export const providerKeys = {
  all: ['/api/provider'] as const,
  listings: (filter: { status: string; offset: number }) => ['/api/provider', 'services', filter] as const,
  stats: ['/api/provider', 'stats'] as const,
  leads: (offset: number) => ['/api/provider', 'leads', offset] as const,
  featuredSlots: ['/api/provider', 'featured-slots'] as const,
};
