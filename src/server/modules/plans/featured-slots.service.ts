import type { Database, Executor } from '../../../db/client';
import { type FeaturedSlotsJson, PLANS_LINK_TEXT } from '../../../shared/schemas/plan';
import { AppError } from '../../lib/app-error';
import { recordAudit } from '../audit/audit.queries';
import type { UserRow } from '../users/users.queries';
import * as slots from './featured-slots.queries';
import { countFeaturedSlots, lockProvider } from './plans.queries';
import { resolvePlan } from './plans.service';

const noun = (type: 'services' | 'tools') => (type === 'tools' ? 'tool' : 'service');
const slotWord = (n: number) => (n === 1 ? 'featured slot' : 'featured slots');

/** The provider's slots and what their plan in force grants (docs/decisions/featured-slots.md). */
export async function featuredSlotsView(db: Executor, providerId: string, now = new Date()): Promise<FeaturedSlotsJson> {
  const [{ plan }, rows] = await Promise.all([resolvePlan(db, providerId, now), slots.listProviderSlots(db, providerId)]);
  return {
    plan: plan.name,
    granted: plan.featuredSlots,
    used: rows.length,
    slots: rows.map((row) => ({ listingId: row.listingId, type: row.type, slug: row.slug, title: row.title, status: row.status, endsAt: row.endsAt?.toISOString() ?? null, since: row.createdAt.toISOString() })),
  };
}

/** Why a listing that is not live cannot take a slot, in the provider's words. */
const notLive = (status: string) =>
  status === 'pending' ? 'Only a live listing can be featured: this one is waiting for approval.' : 'Only a live listing can be featured: this one was not approved. Edit it to resubmit it.';

/**
 * Fills one of the plan's featured slots with one of the provider's live listings: it is shown
 * as featured at once, on every server (the read cache hears the write). The provider's row is
 * held until the end, so two requests at once cannot both take the last slot.
 */
export async function fillSlot(db: Database, user: UserRow, listingId: number, now = new Date()) {
  await db.transaction(async (tx) => {
    await lockProvider(tx, user.id);
    const listing = await slots.lockListingForFeaturing(tx, listingId);
    if (!listing || (listing.providerId !== user.id && listing.status !== 'approved')) throw AppError.notFound('Listing not found');
    if (listing.providerId !== user.id) throw AppError.forbidden('You can only feature your own listings.');
    if (listing.status !== 'approved') throw AppError.conflict(notLive(listing.status));
    if (await slots.findSlot(tx, listingId)) throw AppError.conflict(`This ${noun(listing.type)} already fills one of your featured slots.`);
    if (listing.featuredByEditor) throw AppError.conflict(`This ${noun(listing.type)} is already featured by our editors: a slot would add nothing. Choose another listing.`);
    const { plan } = await resolvePlan(tx, user.id, now);
    const used = await countFeaturedSlots(tx, user.id);
    if (plan.featuredSlots === 0) throw AppError.conflict(`Your ${plan.name} plan has no featured slots. ${PLANS_LINK_TEXT}`);
    if (used >= plan.featuredSlots) {
      throw AppError.conflict(`Your ${plan.name} plan has ${plan.featuredSlots} ${slotWord(plan.featuredSlots)}, and you use ${used}. Stop featuring a listing, or upgrade your plan to feature more. ${PLANS_LINK_TEXT}`);
    }
    await slots.insertSlot(tx, user.id, listingId);
    await recordAudit(tx, { actorId: user.id, action: 'featured_slot.fill', entityType: noun(listing.type), entityId: listingId, details: { title: listing.title, plan: plan.name } });
  });
}

/** Frees a slot: the listing stops being featured, unless the editors featured it too. */
export async function freeSlot(db: Database, user: UserRow, listingId: number) {
  await db.transaction(async (tx) => {
    const listing = await slots.lockListingForFeaturing(tx, listingId);
    const slot = listing && (await slots.findSlot(tx, listingId));
    if (!listing || !slot || slot.providerId !== user.id) throw AppError.notFound('This listing does not fill one of your featured slots.');
    await slots.deleteSlot(tx, listingId);
    await recordAudit(tx, { actorId: user.id, action: 'featured_slot.free', entityType: noun(listing.type), entityId: listingId, details: { title: listing.title } });
  });
}
