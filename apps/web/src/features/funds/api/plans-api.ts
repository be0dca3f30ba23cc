/**
 * The automated plans' calls (docs/api.md "Investments", "Plans"): my plans, one plan with its runs, the preview,
 * create, edit, pause, resume, cancel. Query keys start with `funds` so a change refreshes the funds pages too.
 */
import { queryOptions } from '@tanstack/react-query';
import type { CreatePlanRequest, Plan, PlanDetail, UpdatePlanRequest } from '@tessera/contracts';
import type { FundsCall } from './funds-api.ts';

export const plansKeys = {
  all: ['funds', 'plans'] as const,
  list: () => ['funds', 'plans', 'list'] as const,
  plan: (id: string) => ['funds', 'plans', 'plan', id] as const,
};

/** What `POST /plans/preview` answers. */
export interface PlanPreview {
  readonly targetName: string;
  readonly currency: string;
  readonly amount: string;
  readonly walletId: string;
  readonly nextRunDates: readonly string[];
  readonly managementFeePercent: string | null;
}

const planPath = (id: string) => `/plans/${encodeURIComponent(id)}`;

export function plansQueryOptions(call: FundsCall) {
  return queryOptions({
    queryKey: plansKeys.list(),
    queryFn: ({ signal }) => call<{ items: Plan[] }>('/plans', { signal }).then((answer) => answer.items),
    staleTime: 5_000,
    refetchOnMount: 'always',
  });
}

export function planQueryOptions(call: FundsCall, id: string) {
  return queryOptions({
    queryKey: plansKeys.plan(id),
    queryFn: ({ signal }) => call<PlanDetail>(planPath(id), { signal }),
    staleTime: 2_000,
  });
}

export function previewPlan(call: FundsCall, body: CreatePlanRequest) {
  return call<PlanPreview>('/plans/preview', { method: 'POST', body });
}

export function createPlan(call: FundsCall, body: CreatePlanRequest, idempotencyKey: string) {
  return call<PlanDetail>('/plans', { method: 'POST', body, idempotencyKey });
}

export function updatePlan(call: FundsCall, id: string, body: UpdatePlanRequest) {
  return call<PlanDetail>(planPath(id), { method: 'PATCH', body });
}

export function planAction(call: FundsCall, id: string, action: 'pause' | 'resume' | 'cancel') {
  return call<PlanDetail>(`${planPath(id)}/${action}`, { method: 'POST', body: {} });
}
