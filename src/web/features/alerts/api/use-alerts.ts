import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertFrequency, AlertSettings, FavouriteAlert, SavedSearch } from '../../../../shared/schemas/alerts';
import { apiGet, apiRequest } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { putAnswer } from '../../../lib/query-client';

/** Every read of this feature sits under this key, so each write refreshes them all. */
const alertKeys = {
  all: ['/api/alerts'] as const,
  searches: ['/api/alerts', 'saved-searches'] as const,
  favourites: ['/api/alerts', 'favourites'] as const,
  settings: ['/api/alerts', 'settings'] as const,
};

/** GET /api/saved-searches. */
export const useSavedSearches = (enabled = true) => useQuery({ queryKey: alertKeys.searches, queryFn: () => apiGet<SavedSearch[]>('/api/saved-searches'), enabled });

/** GET /api/alerts/favourites: what changed on the member's favourites. */
export const useFavouriteAlerts = () => useQuery({ queryKey: alertKeys.favourites, queryFn: () => apiGet<FavouriteAlert[]>('/api/alerts/favourites') });

/** GET /api/alerts/settings. */
export const useAlertSettings = () => useQuery({ queryKey: alertKeys.settings, queryFn: () => apiGet<AlertSettings>('/api/alerts/settings') });

export type NewSavedSearch = { name: string; frequency: AlertFrequency; type: 'tools' | 'services'; address: string; filters: Record<string, string> };

/** POST /api/saved-searches. */
export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (search: NewSavedSearch) => apiRequest<SavedSearch>('POST', '/api/saved-searches', search),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** PATCH /api/saved-searches/{id}: a new name or frequency. */
export function useUpdateSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...changes }: { id: number; name?: string; frequency?: AlertFrequency }) => apiRequest<SavedSearch>('PATCH', `/api/saved-searches/${id}`, changes),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/**
 * DELETE /api/saved-searches/{id}. The toast lives here, not with the button: the refreshed list
 * unmounts the deleted row (and its button's callbacks) before they would run.
 */
export function useDeleteSavedSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/saved-searches/${id}`),
    onSuccess: () => toast({ title: 'Saved search deleted' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** PUT /api/alerts/settings. */
export function useSaveAlertSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: AlertSettings) => apiRequest<AlertSettings>('PUT', '/api/alerts/settings', settings),
    onSuccess: (answer) => putAnswer(queryClient, alertKeys.settings, answer),
  });
}
