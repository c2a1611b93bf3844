import type { AuditEntry } from '../../../../shared/schemas/admin-user';

const text = (value: unknown) => (typeof value === 'string' && value ? value : null);
const count = (value: unknown) => (typeof value === 'number' ? value.toLocaleString('en-US') : '0');

/** The figures of a CSV import: 'imported listings from a CSV file: 3 created, 1 updated, 5 unchanged'. */
const imported = (what: string, details: AuditEntry['details']) =>
  `imported ${what} from a CSV file: ${count(details?.created)} created, ${count(details?.updated)} updated, ${count(details?.unchanged)} unchanged`;

/** One audit entry as a sentence after the actor's name: 'approved the service "SEO Audit"'. */
export function describeAuditEntry({ action, entityType, entityId, details }: AuditEntry): string {
  const title = text(details?.title);
  const name = text(details?.name);
  const email = text(details?.email);
  const thing = title ? `the ${entityType} "${title}"` : `${entityType} #${entityId ?? '?'}`;
  switch (action) {
    case 'listing.create':
      return `added ${thing}`;
    case 'listing.edit':
      return `edited ${thing}`;
    case 'listing.approve':
      return `approved ${thing}`;
    case 'listing.reject':
      return `rejected ${thing}${text(details?.reason) ? ` (${String(details?.reason)})` : ''}`;
    case 'listing.delete':
      return `deleted ${thing}`;
    case 'listing.feature':
      return `${details?.isFeatured ? 'featured' : 'unfeatured'} ${thing}`;
    case 'listing.import':
      return imported('listings', details);
    case 'category.import':
      return imported('categories', details);
    case 'category.create':
      return `created the category "${name ?? entityId}"`;
    case 'category.update':
      return `updated the category "${name ?? entityId}"`;
    case 'category.delete':
      return `deleted the category "${name ?? entityId}"`;
    case 'user.create':
      return `created the user ${email ?? entityId}`;
    case 'user.delete':
      return `deleted the user ${email ?? entityId}`;
    case 'user.admin':
      return `${details?.isAdmin ? 'made' : 'removed'} ${email ?? entityId} ${details?.isAdmin ? 'an administrator' : 'as administrator'}`;
    case 'user.provider':
      return `${details?.isProvider ? 'made' : 'removed'} ${email ?? entityId} ${details?.isProvider ? 'a provider' : 'as provider'}`;
    case 'seo.template.save':
      return `saved the ${entityId} page SEO template`;
    case 'seo.template.reset':
      return `reset the ${entityId} page SEO template`;
    case 'seo.override.create':
      return 'added an SEO page override';
    case 'seo.override.update':
      return 'updated an SEO page override';
    case 'seo.override.delete':
      return 'deleted an SEO page override';
    case 'review.keep':
    case 'review.edit':
    case 'review.remove': {
      const verb = { 'review.keep': 'kept', 'review.edit': 'edited personal information out of', 'review.remove': 'removed' }[action];
      const listing = text(details?.listingTitle);
      return `${verb} a reported review${listing ? ` of "${listing}"` : ` #${entityId ?? '?'}`} (${count(details?.reports)} ${details?.reports === 1 ? 'report' : 'reports'})`;
    }
    case 'partner_programme.approve':
      return `approved the partner programme change of ${thing}`;
    case 'partner_programme.reject':
      return `turned down the partner programme change of ${thing}${text(details?.reason) ? ` (${String(details?.reason)})` : ''}`;
    case 'partner_programme.verify':
      return `verified the partner terms of ${thing}${text(details?.verifiedAt) ? ` (${String(details?.verifiedAt)}, ${String(details?.source).replace('_', ' ')})` : ''}`;
    case 'partner_programme.save':
      return `changed the partner programme of ${thing}`;
    case 'partner_programme.remove':
      return `removed the partner programme of ${thing}`;
    case 'plan.create':
      return `created the plan "${name ?? entityId}"`;
    case 'plan.edit':
      return `changed the plan "${name ?? entityId}"`;
    case 'plan.delete':
      return `deleted the plan "${name ?? entityId}"`;
    case 'billing.update':
      return 'changed the billing settings';
    case 'plan.started':
    case 'plan.renewed':
    case 'plan.payment_failed':
    case 'plan.ending':
    case 'plan.ended': {
      const what = { 'plan.started': 'started', 'plan.renewed': 'renewed', 'plan.payment_failed': 'marked past due', 'plan.ending': 'cancelled', 'plan.ended': 'ended' }[action];
      const source = details?.source === 'stripe' ? ` (Stripe event ${String(details?.eventId)})` : '';
      return `${what} the ${text(details?.plan) ?? ''} plan of provider ${entityId ?? '?'}${source}`;
    }
    default:
      return `${action} ${thing}`;
  }
}
