import type { PlanJson } from './schemas/plan';

/** '$49 / month', 'Free'. */
export function formatPlanPrice(plan: Pick<PlanJson, 'priceCents' | 'currency' | 'period'>): string {
  if (plan.priceCents === 0) return 'Free';
  const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: plan.currency, minimumFractionDigits: plan.priceCents % 100 === 0 ? 0 : 2 }).format(plan.priceCents / 100);
  return `${amount} / ${plan.period}`;
}

/** What a plan grants, one line each, as the pricing page and the plan tab list it. */
export function planGrants(plan: Pick<PlanJson, 'listingLimit' | 'featuredSlots' | 'insight' | 'partnerTerms' | 'badge'>): string[] {
  const lines = [plan.listingLimit === null ? 'Unlimited live listings' : `Up to ${plan.listingLimit} live ${plan.listingLimit === 1 ? 'listing' : 'listings'}`];
  lines.push(plan.featuredSlots > 0 ? `${plan.featuredSlots} featured ${plan.featuredSlots === 1 ? 'slot' : 'slots'}, shown first on the home page and in lists` : 'No featured slots');
  if (plan.insight) lines.push('Insight screen: daily views, visitors, leads and clicks');
  if (plan.partnerTerms) lines.push('Partner-programme terms on your listings');
  if (plan.badge) lines.push(`"${plan.badge}" badge beside your name`);
  return lines;
}
