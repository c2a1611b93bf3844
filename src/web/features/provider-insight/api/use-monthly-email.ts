import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiRequest } from '../../../lib/api';
import { putAnswer } from '../../../lib/query-client';

type MonthlyEmail = { subscribed: boolean };
const key = ['/api/provider', 'monthly-email'] as const;

/** GET /api/provider/monthly-email. */
export const useMonthlyEmail = () => useQuery({ queryKey: key, queryFn: () => apiGet<MonthlyEmail>('/api/provider/monthly-email') });

/** PUT /api/provider/monthly-email {subscribed}. */
export function useSetMonthlyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscribed: boolean) => apiRequest<MonthlyEmail>('PUT', '/api/provider/monthly-email', { subscribed }),
    onSuccess: (answer) => putAnswer(queryClient, key, answer),
  });
}
