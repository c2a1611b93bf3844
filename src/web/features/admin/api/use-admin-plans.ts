import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminPlanJson, BillingSettings, billingSettingsJson, ManualPaymentInput, PlanInput } from '../../../../shared/schemas/plan';
import { apiGet, apiRequest } from '../../../lib/api';
import { putAnswer } from '../../../lib/query-client';

const PLANS_KEY = ['/api/admin/plans'] as const;
const BILLING_KEY = ['/api/admin/billing'] as const;
type BillingView = z.infer<typeof billingSettingsJson>;

export const useAdminPlans = () => useQuery({ queryKey: PLANS_KEY, queryFn: () => apiGet<AdminPlanJson[]>('/api/admin/plans') });
export const useBillingSettings = () => useQuery({ queryKey: BILLING_KEY, queryFn: () => apiGet<BillingView>('/api/admin/billing') });

/** Every change of plans refreshes the admin list and the public one (the pricing page, the plan tab). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: PLANS_KEY });
    void queryClient.invalidateQueries({ queryKey: ['/api/plans'] });
    void queryClient.invalidateQueries({ queryKey: ['/api/provider'] });
  };
}

export function useSavePlan() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PlanInput }) => (id === null ? apiRequest<AdminPlanJson>('POST', '/api/admin/plans', input) : apiRequest<AdminPlanJson>('PUT', `/api/admin/plans/${id}`, input)),
    onSuccess: refresh,
  });
}

export function useDeletePlan() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/admin/plans/${id}`), onSuccess: refresh });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingSettings) => apiRequest<BillingView>('PUT', '/api/admin/billing', input),
    onSuccess: (saved) => putAnswer(queryClient, BILLING_KEY, saved),
  });
}

export function useRecordPayment() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: ManualPaymentInput) => apiRequest<{ change: string; providerId: string }>('POST', '/api/admin/plan-payments', input),
    onSuccess: refresh,
  });
}
