import type { ReactNode } from 'react';
import { formatPlanPrice, planGrants } from '../../../../shared/plan-text';
import type { PlanJson } from '../../../../shared/schemas/plan';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Check } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';

/** One plan: its name, price, description and grants, and what the caller puts under them (a link, a button). */
export function PlanCard({ plan, current = false, headingLevel: Heading = 'h2', children }: { plan: PlanJson; current?: boolean; headingLevel?: 'h2' | 'h3'; children?: ReactNode }) {
  return (
    <Card className={cn('flex flex-col gap-4 p-6', current && 'border-primary ring-1 ring-primary')}>
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <Heading className="text-lg font-semibold text-ink">{plan.name}</Heading>
          {current && <Badge tone="primary">Your plan</Badge>}
        </div>
        <p className="text-2xl font-bold text-ink">{formatPlanPrice(plan)}</p>
        {plan.description && <p className="text-sm text-muted">{plan.description}</p>}
      </div>
      <ul className="flex-1 space-y-2 text-sm text-ink" aria-label={`What the ${plan.name} plan includes`}>
        {planGrants(plan).map((line) => (
          <li key={line} className="flex gap-2">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{line}</span>
          </li>
        ))}
      </ul>
      {children}
    </Card>
  );
}
