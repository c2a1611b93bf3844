import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { ZodType } from 'zod';
import { formatPlanPrice, planGrants } from '../../../../shared/plan-text';
import { type AdminPlanJson, billingSettingsSchema, manualPaymentSchema, planInputSchema } from '../../../../shared/schemas/plan';
import { ConfirmDialog } from '../../../components/ui/alert-dialog';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog, DialogContent, DialogFooter } from '../../../components/ui/dialog';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ApiError, errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { useAdminPlans, useBillingSettings, useDeletePlan, useRecordPayment, useSaveBilling, useSavePlan } from '../api/use-admin-plans';
import { AdminSkeleton } from './admin-skeleton';

type Fields = Record<string, string | boolean>;

/**
 * Checks the form's values with the shared schema the route uses; on failure marks each field
 * and answers null. Empty text means "none" (no limit, no badge, no link).
 */
function parseWith<T>(schema: ZodType<T>, values: unknown, setError: (name: string, message: string) => void): T | null {
  const parsed = schema.safeParse(values);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) setError(String(issue.path[0]), issue.message);
  return null;
}

function showServerErrors(error: unknown, setError: (name: string, message: string) => void, fallback: string) {
  if (error instanceof ApiError && error.fields) for (const [name, message] of Object.entries(error.fields)) setError(name, message);
  toast({ title: 'Error', description: errorMessage(error, fallback), variant: 'destructive' });
}

/** Admin Dashboard, Plans: what each plan costs and grants, payments received by hand, and the billing settings. */
export function PlansTab() {
  const plans = useAdminPlans();
  const [editing, setEditing] = useState<AdminPlanJson | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AdminPlanJson | null>(null);
  const remove = useDeletePlan();
  if (!plans.data) return plans.isError ? <p className="text-sm text-danger">{errorMessage(plans.error, 'Failed to load the plans')}</p> : <AdminSkeleton />;
  return (
    <div className="space-y-10">
      <section aria-labelledby="plans-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="plans-heading" className="text-xl font-semibold text-ink">
            Plans
          </h2>
          <Button onClick={() => setEditing('new')}>New plan</Button>
        </div>
        <ul className="grid gap-4 md:grid-cols-2" aria-label="Plans">
          {plans.data.map((plan) => (
            <li key={plan.id}>
              <Card className="space-y-3 p-5">
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-ink">{plan.name}</h3>
                  {plan.isDefault && <Badge>Default</Badge>}
                  {plan.badge && <Badge tone="primary">{plan.badge}</Badge>}
                  <span className="ml-auto text-sm font-medium text-ink">{formatPlanPrice(plan)}</span>
                </div>
                <p className="text-sm text-muted">{planGrants(plan).join(' · ')}</p>
                <p className="text-sm text-muted">
                  {plan.providers} {plan.providers === 1 ? 'provider' : 'providers'} on a paid period · {plan.isDefault ? 'everyone else is on this plan' : plan.stripePaymentLink ? 'Stripe Payment Link set' : 'no Stripe Payment Link: invoiced by hand'}
                </p>
                <div className="flex gap-2">
                  <Button size="sm" variant="outline" onClick={() => setEditing(plan)} aria-label={`Edit ${plan.name}`}>
                    Edit
                  </Button>
                  {!plan.isDefault && (
                    <Button size="sm" variant="outline" onClick={() => setDeleting(plan)} aria-label={`Delete ${plan.name}`}>
                      Delete
                    </Button>
                  )}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>
      <RecordPayment plans={plans.data.filter((plan) => !plan.isDefault)} />
      <BillingSettingsForm />
      <PlanDialog plan={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete ${deleting?.name ?? 'plan'}?`}
        description="Only a plan nobody has been on can be deleted."
        confirmLabel="Delete"
        pendingLabel="Deleting..."
        destructive
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Plan deleted' });
              setDeleting(null);
            },
            onError: (error) => toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' }),
          })
        }
      />
    </div>
  );
}

const toFields = (plan: AdminPlanJson | null): Fields => ({
  name: plan?.name ?? '',
  description: plan?.description ?? '',
  price: plan ? String(plan.priceCents / 100) : '',
  period: plan?.period ?? 'month',
  listingLimit: plan?.listingLimit === null || plan?.listingLimit === undefined ? '' : String(plan.listingLimit),
  featuredSlots: String(plan?.featuredSlots ?? 0),
  insight: plan?.insight ?? true,
  partnerTerms: plan?.partnerTerms ?? true,
  badge: plan?.badge ?? '',
  stripePaymentLink: plan?.stripePaymentLink ?? '',
  stripePriceId: plan?.stripePriceId ?? '',
  position: String(plan?.position ?? 0),
});

function PlanDialog({ plan, onClose }: { plan: AdminPlanJson | 'new' | null; onClose: () => void }) {
  const existing = plan === 'new' ? null : plan;
  return (
    <Dialog open={plan !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={existing ? `Edit ${existing.name}` : 'New plan'} description="What the plan costs and what it grants. A change applies to its providers at once." className="sm:max-w-2xl">
        {plan !== null && <PlanForm key={existing?.id ?? 'new'} plan={existing} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function PlanForm({ plan, onDone }: { plan: AdminPlanJson | null; onDone: () => void }) {
  const id = useId();
  const save = useSavePlan();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { register, handleSubmit } = useForm<Fields>({ defaultValues: toFields(plan) });
  const setError = (name: string, message: string) => setErrors((current) => ({ ...current, [name]: message }));
  const onSubmit = (values: Fields) => {
    setErrors({});
    const input = parseWith(planInputSchema, { ...values, listingLimit: values.listingLimit === '' ? null : values.listingLimit }, setError);
    if (!input) return;
    save.mutate(
      { id: plan?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toast({ title: plan ? 'Plan saved' : 'Plan created', description: `${saved.name}: ${formatPlanPrice(saved)}` });
          onDone();
        },
        onError: (error) => showServerErrors(error, setError, 'Failed to save the plan'),
      },
    );
  };
  const text = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]} hint={hint}>
      <Input id={`${id}-${name}`} aria-invalid={errors[name] ? true : undefined} {...props} {...register(name)} />
    </FormField>
  );
  const check = (name: string, label: string) => (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" className="h-4 w-4" {...register(name)} />
      {label}
    </label>
  );
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {text('name', 'Name')}
        {text('badge', 'Badge (optional)', {}, 'Shown beside the provider\'s name, e.g. "Pro partner"')}
      </div>
      <FormField id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea id={`${id}-description`} rows={2} {...register('description')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price', 'Price (USD)', { inputMode: 'decimal' }, plan?.isDefault ? 'The free plan costs nothing' : undefined)}
        <FormField id={`${id}-period`} label="Period" error={errors.period}>
          <select id={`${id}-period`} className="h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink" {...register('period')}>
            <option value="month">Month</option>
            <option value="year">Year</option>
          </select>
        </FormField>
        {text('position', 'Position', { inputMode: 'numeric' }, 'Lower comes first')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('listingLimit', 'Live listings', { inputMode: 'numeric' }, 'Empty: no limit')}
        {text('featuredSlots', 'Featured slots', { inputMode: 'numeric' })}
      </div>
      <div className="flex flex-wrap gap-6">
        {check('insight', 'Insight screen')}
        {check('partnerTerms', 'Partner-programme terms on listings')}
      </div>
      {!plan?.isDefault && (
        <div className="grid gap-4 sm:grid-cols-2">
          {text('stripePaymentLink', 'Stripe Payment Link (optional)', { type: 'url', placeholder: 'https://buy.stripe.com/...' }, 'Empty: this plan is invoiced by hand')}
          {text('stripePriceId', 'Stripe price id (optional)', { placeholder: 'price_...' }, 'Lets a change of price in the customer portal move the provider to this plan')}
        </div>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save plan'}
        </Button>
      </DialogFooter>
    </form>
  );
}

const today = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

function RecordPayment({ plans }: { plans: AdminPlanJson[] }) {
  const id = useId();
  const record = useRecordPayment();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { register, handleSubmit, reset } = useForm<Fields>({ defaultValues: { email: '', planId: String(plans[0]?.id ?? ''), periodStart: today(), periodEnd: today(30), amount: '', note: '' } });
  const setError = (name: string, message: string) => setErrors((current) => ({ ...current, [name]: message }));
  const onSubmit = (values: Fields) => {
    setErrors({});
    const input = parseWith(manualPaymentSchema, { ...values, amount: values.amount === '' ? undefined : values.amount }, setError);
    if (!input) return;
    record.mutate(input, {
      onSuccess: ({ change }) => {
        toast({ title: 'Payment recorded', description: `The provider's plan has ${change === 'renewed' ? 'been renewed' : 'started'}; they were told by e-mail.` });
        reset();
      },
      onError: (error) => showServerErrors(error, setError, 'Failed to record the payment'),
    });
  };
  const text = (name: string, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <FormField id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input id={`${id}-${name}`} aria-invalid={errors[name] ? true : undefined} {...props} {...register(name)} />
    </FormField>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
        Record a payment
      </h2>
      <Card className="p-5">
        {plans.length === 0 ? (
          <p className="text-sm text-muted">Define a paid plan first.</p>
        ) : (
          <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Record a payment">
            <p className="text-sm text-muted">For a provider who paid by bank transfer: their plan starts (or renews) for the period paid, and they are told by e-mail.</p>
            <div className="grid gap-4 sm:grid-cols-2">
              {text('email', 'Provider e-mail', { type: 'email', autoComplete: 'off' })}
              <FormField id={`${id}-planId`} label="Plan" error={errors.planId}>
                <select id={`${id}-planId`} className="h-10 w-full rounded-md border border-line bg-surface px-3 text-sm text-ink" {...register('planId')}>
                  {plans.map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name} ({formatPlanPrice(plan)})
                    </option>
                  ))}
                </select>
              </FormField>
            </div>
            <div className="grid gap-4 sm:grid-cols-4">
              {text('periodStart', 'Period from', { type: 'date' })}
              {text('periodEnd', 'Period until', { type: 'date' })}
              {text('amount', 'Amount received (optional)', { inputMode: 'decimal' })}
              {text('note', 'Note (optional)', { placeholder: 'Invoice number' })}
            </div>
            <Button type="submit" disabled={record.isPending}>
              {record.isPending ? 'Recording...' : 'Record payment'}
            </Button>
          </form>
        )}
      </Card>
    </section>
  );
}

function BillingSettingsForm() {
  const id = useId();
  const billing = useBillingSettings();
  const save = useSaveBilling();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { register, handleSubmit } = useForm<Fields>({ values: { customerPortalUrl: billing.data?.customerPortalUrl ?? '', graceDays: String(billing.data?.graceDays ?? 7) } });
  if (!billing.data) return billing.isError ? <p className="text-sm text-danger">{errorMessage(billing.error, 'Failed to load the billing settings')}</p> : <AdminSkeleton />;
  const setError = (name: string, message: string) => setErrors((current) => ({ ...current, [name]: message }));
  const onSubmit = (values: Fields) => {
    setErrors({});
    const input = parseWith(billingSettingsSchema, values, setError);
    if (!input) return;
    save.mutate(input, { onSuccess: () => toast({ title: 'Billing settings saved' }), onError: (error) => showServerErrors(error, setError, 'Failed to save the billing settings') });
  };
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-4">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-ink">
        Billing
      </h2>
      <Card className="space-y-4 p-5">
        <p className="text-sm text-ink">
          {billing.data.mode === 'stripe' ? (
            <>
              Stripe is connected: point a webhook of your Stripe account at <code className="break-all rounded bg-canvas px-1">{billing.data.webhookUrl}</code> for checkout.session.completed, customer.subscription.updated and .deleted, invoice.paid and invoice.payment_failed.
            </>
          ) : (
            'Manual billing: providers are invoiced and you record their payments above. Set STRIPE_WEBHOOK_SECRET to take payments through Stripe Payment Links.'
          )}
        </p>
        <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4" aria-label="Billing settings">
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id={`${id}-portal`} label="Stripe customer portal link (optional)" error={errors.customerPortalUrl} hint="Where providers manage or cancel a Stripe subscription">
              <Input id={`${id}-portal`} type="url" placeholder="https://billing.stripe.com/p/login/..." {...register('customerPortalUrl')} />
            </FormField>
            <FormField id={`${id}-grace`} label="Grace period (days)" error={errors.graceDays} hint="How long a plan whose payment failed stays in force">
              <Input id={`${id}-grace`} inputMode="numeric" {...register('graceDays')} />
            </FormField>
          </div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save billing settings'}
          </Button>
        </form>
      </Card>
    </section>
  );
}
