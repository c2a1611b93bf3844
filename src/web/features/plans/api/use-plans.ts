import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanJson, ProviderPlanJson } from '../../../../shared/schemas/plan';
import { apiGet, apiRequest } from '../../../lib/api';
import { putAnswer } from '../../../lib/query-client';

export const PLANS_KEY = ['/api/plans'] as const;
// Under '/api/provider', so a listing saved from the dashboard refreshes the usage too.
export const PROVIDER_PLAN_KEY = ['/api/provider', 'plan'] as const;

/** GET /api/plans: every plan, for the public pricing page. */
export const usePlans = () => useQuery({ queryKey: PLANS_KEY, queryFn: () => apiGet<PlanJson[]>('/api/plans') });

/** GET /api/provider/plan: the plan tab. */
export const useProviderPlan = () => useQuery({ queryKey: PROVIDER_PLAN_KEY, queryFn: () => apiGet<ProviderPlanJson>('/api/provider/plan'), staleTime: 0 });

/** POST /api/provider/plan/cancel: a plan paid by invoice ends at the period's end. */
export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<ProviderPlanJson>('POST', '/api/provider/plan/cancel'),
    onSuccess: (plan) => putAnswer(queryClient, PROVIDER_PLAN_KEY, plan),
  });
}
