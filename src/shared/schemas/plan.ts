import { z } from 'zod';

export const planPeriods = ['month', 'year'] as const;
export type PlanPeriod = (typeof planPeriods)[number];

/** A Stripe-hosted address an operator pastes: Payment Links (buy.stripe.com) and the customer portal (billing.stripe.com). */
const stripeLink = (label: string) =>
  z
    .string()
    .trim()
    .max(500, `${label} must be at most 500 characters`)
    .transform((text) => text || null)
    .nullable()
    .refine((text) => text === null || /^https:\/\/([a-z0-9-]+\.)*stripe\.com\/\S+$/i.test(text), `${label} must be a https:// address on stripe.com, as Stripe shows it`);

const count = (label: string, max: number) =>
  z.coerce.number({ error: `${label} must be a number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(max, `${label} must be at most ${max}`);

/** What an administrator saves for a plan (Admin Dashboard, Plans tab). */
export const planInputSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(60, 'Name must be at most 60 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').default(''),
  price: z.coerce.number({ error: 'Price must be a number' }).min(0, 'Price cannot be negative').max(100_000, 'Price must be at most 100000').multipleOf(0.01, 'Price has at most two decimals'),
  period: z.enum(planPeriods, { error: 'Period must be month or year' }),
  /** Null: no limit. */
  listingLimit: count('Live listings', 100_000).nullable(),
  featuredSlots: count('Featured slots', 100),
  insight: z.boolean({ error: 'Insight must be true or false' }),
  partnerTerms: z.boolean({ error: 'Partner-programme terms must be true or false' }),
  badge: z
    .string()
    .trim()
    .max(30, 'Badge must be at most 30 characters')
    .transform((text) => text || null)
    .nullable(),
  stripePaymentLink: stripeLink('Payment Link'),
  stripePriceId: z
    .string()
    .trim()
    .max(100)
    .transform((text) => text || null)
    .nullable()
    .refine((text) => text === null || /^price_[A-Za-z0-9]+$/.test(text), 'Stripe price id looks like price_1AbC...'),
  position: count('Position', 1000).default(0),
});
export type PlanInput = z.infer<typeof planInputSchema>;

export const billingSettingsSchema = z.object({
  customerPortalUrl: stripeLink('Customer portal link'),
  graceDays: count('Grace period', 60),
});
export type BillingSettings = z.infer<typeof billingSettingsSchema>;

const isoDay = (label: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`);

/** An administrator's record of a payment received by bank transfer, and the period it pays for. */
export const manualPaymentSchema = z
  .object({
    email: z.email({ error: 'Enter the provider\'s e-mail address' }).trim().max(254),
    planId: z.coerce.number({ error: 'Choose a plan' }).int().positive('Choose a plan'),
    periodStart: isoDay('Period start'),
    periodEnd: isoDay('Period end'),
    amount: z.coerce.number({ error: 'Amount must be a number' }).min(0, 'Amount cannot be negative').max(1_000_000).optional(),
    note: z.string().trim().max(200, 'Note must be at most 200 characters').default(''),
  })
  .refine((payment) => payment.periodEnd > payment.periodStart, { message: 'The period must end after it starts', path: ['periodEnd'] });
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

/** A plan as the public pricing page and the plan tab show it. */
export const planJson = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    priceCents: z.number().int(),
    currency: z.string(),
    period: z.enum(planPeriods),
    listingLimit: z.number().int().nullable(),
    featuredSlots: z.number().int(),
    insight: z.boolean(),
    partnerTerms: z.boolean(),
    badge: z.string().nullable(),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Plan' });
export type PlanJson = z.infer<typeof planJson>;

export const adminPlanJson = planJson
  .extend({ stripePaymentLink: z.string().nullable(), stripePriceId: z.string().nullable(), position: z.number().int(), providers: z.number().int().describe('Providers on the plan now') })
  .meta({ id: 'AdminPlan' });
export type AdminPlanJson = z.infer<typeof adminPlanJson>;

export const billingSettingsJson = z
  .object({
    customerPortalUrl: z.string().nullable(),
    graceDays: z.number().int(),
    mode: z.enum(['stripe', 'manual']).describe('stripe when STRIPE_WEBHOOK_SECRET is set; otherwise payments are recorded by hand'),
    webhookUrl: z.string(),
  })
  .meta({ id: 'BillingSettings' });

export const planStatuses = ['free', 'active', 'past_due', 'ending'] as const;
export type PlanStatus = (typeof planStatuses)[number];

/** The provider dashboard's plan tab: the plan in force, its dates, the usage of each grant, and where to change it. */
export const providerPlanJson = z
  .object({
    plan: planJson,
    status: z.enum(planStatuses),
    source: z.enum(['stripe', 'manual']).nullable(),
    /** When the plan renews (active), ends (ending), or, past due, the last day before it ends. */
    periodEnd: z.string().nullable(),
    graceEndsAt: z.string().nullable(),
    usage: z.object({ listings: z.number().int(), featured: z.number().int() }),
    billing: z.enum(['stripe', 'manual']),
    /** The customer portal (Stripe), where a Stripe subscription is changed or cancelled. */
    portalUrl: z.string().nullable(),
    plans: z.array(planJson.extend({ checkoutUrl: z.string().nullable().describe('Where "Upgrade" leads: the checkout redirect, or null when the plan is paid by invoice') })),
  })
  .meta({ id: 'ProviderPlan' });
export type ProviderPlanJson = z.infer<typeof providerPlanJson>;

/** The sentence every "not in your plan" answer ends with, naming the plans page. */
export const PLANS_LINK_TEXT = 'See the plans at /pricing.';

/** The provider fills a featured slot of their plan with one of their live listings. */
export const fillFeaturedSlotSchema = z.object({
  listingId: z.coerce.number({ error: 'Choose one of your listings' }).int('Choose one of your listings').positive('Choose one of your listings').max(2_147_483_647, 'Choose one of your listings'),
});
export type FillFeaturedSlotInput = z.infer<typeof fillFeaturedSlotSchema>;

/** The provider's featured slots: how many the plan in force grants, and the listings that fill them. */
export const featuredSlotsJson = z
  .object({
    plan: z.string().describe('The name of the plan in force'),
    granted: z.number().int().describe('Featured slots the plan grants'),
    used: z.number().int().describe('Slots filled, ending ones included: they use the grant until they end'),
    slots: z.array(
      z.object({
        listingId: z.number().int(),
        type: z.enum(['services', 'tools']),
        slug: z.string(),
        title: z.string(),
        status: z.enum(['pending', 'approved', 'rejected']),
        endsAt: z.string().nullable().describe('When a downgrade ends the slot (the old period\'s end); null while the plan grants it'),
        since: z.string(),
      }),
    ),
  })
  .meta({ id: 'FeaturedSlots' });
export type FeaturedSlotsJson = z.infer<typeof featuredSlotsJson>;
