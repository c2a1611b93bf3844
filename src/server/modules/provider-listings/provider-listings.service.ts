import type { Database, Executor } from '../../../db/client';
import type { PendingListingChanges } from '../../../db/schema/listings';
import { type ListingFields, type ListingPayload, toListingFields } from '../../../shared/schemas/listing';
import type { ListingStatus, ListingType } from '../../../shared/types';
import { AppError } from '../../lib/app-error';
import type { ListingRow } from '../listings/listings.queries';
import { deleteScreenshots } from '../screenshots/screenshots.queries';
import type { ScreenshotJob } from '../screenshots/screenshots.service';
import { findUserById, type UserRow } from '../users/users.queries';
import { retryOnSlugClash, uniqueListingSlug } from './listing-slug';
import {
  deleteListingRow,
  findCategoryType,
  insertListing,
  listProviderListings,
  lockListingRow,
  type NewListingRow,
  updateListingRow,
} from './provider-listings.queries';
import { ListingNoun, listingNoun } from '../../../shared/listing-type';
import { findSlot } from '../plans/featured-slots.queries';
import { recordAudit } from '../audit/audit.queries';
import { refusePriceTypeAgainstProgramme } from '../partner-programmes/partner-programmes.service';
import { assertMayAddListing } from '../plans/plans.service';

/** Called after a write whose tool now points at a website nobody has photographed yet. */
export type RequestScreenshot = (job: ScreenshotJob) => void;

const notFound = (type: ListingType) => AppError.notFound(`${ListingNoun(type)} not found`);

/** Members become providers by saving the provider dashboard's profile form; only then may they list. */
function assertMayList(user: UserRow) {
  if (!user.isProvider && !user.isAdmin) {
    throw AppError.forbidden('Only providers can list services and tools. Save your provider profile first.');
  }
}

/**
 * Someone who does not own the listing: a listing they could see anyway (it is live, or they
 * administer the site) gets an honest 403; any other gets 404, so ids reveal nothing.
 */
function refuseStranger(listing: ListingRow, user: UserRow): never {
  if (listing.status === 'approved' || user.isAdmin) throw AppError.forbidden('You can only change your own listings.');
  throw notFound(listing.type);
}

function assertAdminFieldsAllowed(user: UserRow, payload: ListingPayload) {
  if (!user.isAdmin && (payload.isFeatured !== undefined || payload.providerId !== undefined || payload.unclaimedCompany !== undefined || payload.unclaimedWebsite !== undefined)) {
    throw AppError.forbidden('Only administrators can feature a listing or choose its provider.');
  }
}

async function assertCategory(db: Executor, type: ListingType, categoryId: number) {
  const categoryType = await findCategoryType(db, categoryId);
  if (categoryType !== type) {
    const message = `Please choose a ${ListingNoun(type).toLowerCase()} category`;
    throw AppError.badRequest(message, { categoryId: message });
  }
}

async function chosenProvider(db: Executor, providerId: string): Promise<string> {
  const provider = await findUserById(db, providerId);
  if (!provider || (!provider.isProvider && !provider.isAdmin)) {
    throw AppError.badRequest('Provider not found', { providerId: 'Provider not found' });
  }
  return provider.id;
}

/** The type's own fields only: a service has no website, a tool no price type or delivery time. */
function fieldsFor(type: ListingType, payload: ListingPayload): ListingFields {
  const fields = toListingFields(payload);
  return type === 'tools' ? { ...fields, priceType: null, deliveryTime: null } : { ...fields, websiteUrl: null };
}

/**
 * POST /api/services and /api/tools. A provider's listing waits for approval; an administrator's
 * is live at once (the spec's 'Create Content ... auto-approved').
 */
export async function createListing(
  db: Database,
  user: UserRow,
  type: ListingType,
  payload: ListingPayload,
  requestScreenshot: RequestScreenshot,
): Promise<ListingRow> {
  assertMayList(user);
  assertAdminFieldsAllowed(user, payload);
  await assertCategory(db, type, payload.categoryId);
  if (payload.unclaimedCompany && payload.providerId) {
    throw AppError.badRequest('Choose a provider or an unclaimed company, not both', { providerId: 'Choose a provider or an unclaimed company, not both' });
  }
  // An administrator's listing for a company not on the directory yet: no provider until it is claimed.
  const unclaimed = user.isAdmin && payload.unclaimedCompany ? { unclaimedCompany: payload.unclaimedCompany, unclaimedWebsite: payload.unclaimedWebsite ?? null } : null;
  const providerId = unclaimed ? null : user.isAdmin && payload.providerId ? await chosenProvider(db, payload.providerId) : user.id;
  const fields = fieldsFor(type, payload);

  const listing = await retryOnSlugClash(() =>
    db.transaction(async (tx) => {
      // The plan's limit of live listings binds providers; an administrator adding content does not use one.
      if (!user.isAdmin) await assertMayAddListing(tx, user.id);
      const inserted = await insertListing(tx, {
        ...fields,
        type,
        slug: await uniqueListingSlug(tx, type, fields.title),
        status: user.isAdmin ? 'approved' : 'pending',
        // A new listing fills no slot: shown as featured is the editors' pick alone.
        isFeatured: user.isAdmin ? (payload.isFeatured ?? false) : false,
        featuredByEditor: user.isAdmin ? (payload.isFeatured ?? false) : false,
        providerId,
        ...unclaimed,
      });
      // Administrators' content is live at once, so it is an administrator action like any other.
      if (user.isAdmin) {
        await recordAudit(tx, { actorId: user.id, action: 'listing.create', entityType: listingNoun(type), entityId: inserted.id, details: { title: inserted.title, providerId, ...unclaimed } });
      }
      return inserted;
    }),
  );
  if (listing.websiteUrl) requestScreenshot({ listingId: listing.id, url: listing.websiteUrl, title: listing.title, ownerId: providerId });
  return listing;
}

const sameFields = (live: ListingRow, fields: ListingFields) =>
  (Object.keys(fields) as (keyof ListingFields)[]).every((key) => JSON.stringify(live[key]) === JSON.stringify(fields[key]));

/**
 * PATCH /api/services/{id} and /api/tools/{id} (docs/decisions/edits-of-live-listings.md):
 * - the owner's edit of a live listing becomes a proposal (pendingChanges); the live version stays;
 * - the owner's edit of a pending or rejected listing applies, and a rejected one is resubmitted;
 * - an administrator's edit applies directly and settles an open proposal (a rejected listing is
 *   resubmitted, as the admin dialog says).
 */
export async function updateListing(
  db: Database,
  user: UserRow,
  type: ListingType,
  id: number,
  payload: ListingPayload,
  requestScreenshot: RequestScreenshot,
): Promise<ListingRow> {
  // A renamed listing that nobody can see yet takes a new slug, which can race like a new listing's.
  const { listing, screenshot } = await retryOnSlugClash(() => db.transaction((tx) => writeUpdate(tx, user, type, id, payload)));
  if (screenshot) requestScreenshot({ listingId: listing.id, url: screenshot, title: listing.title, ownerId: listing.providerId });
  return listing;
}

/** The transaction of updateListing: checks, then applies the edit or stores it as a proposal. */
async function writeUpdate(tx: Executor, user: UserRow, type: ListingType, id: number, payload: ListingPayload) {
  const current = await lockListingRow(tx, type, id);
  if (!current) throw notFound(type);
  if (current.providerId !== user.id && !user.isAdmin) refuseStranger(current, user);
  assertMayList(user);
  assertAdminFieldsAllowed(user, payload);
  await assertCategory(tx, type, payload.categoryId);
  const fields = fieldsFor(type, payload);
  await refusePriceTypeAgainstProgramme(tx, current.id, fields.priceType);

  if (current.status === 'approved' && !user.isAdmin) return proposeChanges(tx, current, fields);

  const changes: Partial<NewListingRow> = { ...fields };
  if (current.status === 'rejected') {
    // Resubmitting brings the listing back into the plan's count.
    if (!user.isAdmin) await assertMayAddListing(tx, user.id);
    Object.assign(changes, { status: 'pending', rejectionReason: null });
  }
  // A live listing keeps its address for good; one nobody can see yet follows its title.
  if (current.status !== 'approved' && fields.title !== current.title) {
    changes.slug = await uniqueListingSlug(tx, type, fields.title, current.id);
  }
  // The admin dialog opens on the proposal's values, so an administrator's save settles it.
  if (user.isAdmin) changes.pendingChanges = null;
  // The editors' pick; the listing stays shown as featured while it fills a slot (the row is locked above, so the slot check is current).
  if (user.isAdmin && payload.isFeatured !== undefined) Object.assign(changes, { featuredByEditor: payload.isFeatured, isFeatured: payload.isFeatured || !!(await findSlot(tx, current.id)) });
  // Only a change of owner is checked: keeping a listing's owner (who may have stopped being a provider) is always fine.
  if (user.isAdmin && payload.providerId !== undefined && payload.providerId !== current.providerId) {
    if (current.providerId === null) throw AppError.badRequest('This listing is unclaimed: only a claim of its company gives it a provider', { providerId: 'This listing is unclaimed: only a claim of its company gives it a provider' });
    changes.providerId = await chosenProvider(tx, payload.providerId);
  }
  // The company an unclaimed listing waits for may be corrected; a provider's listing has none.
  if (user.isAdmin && current.providerId === null) {
    if (payload.unclaimedCompany) changes.unclaimedCompany = payload.unclaimedCompany;
    if (payload.unclaimedWebsite !== undefined) changes.unclaimedWebsite = payload.unclaimedWebsite;
  }
  const urlChanged = fields.websiteUrl !== current.websiteUrl;
  if (urlChanged) changes.screenshotUrl = null;
  const updated = await updateListingRow(tx, current.id, changes);
  if (user.isAdmin) {
    await recordAudit(tx, { actorId: user.id, action: 'listing.edit', entityType: listingNoun(type), entityId: current.id, details: { title: updated.title, changed: Object.keys(changes) } });
  }
  await deleteScreenshots(tx, [urlChanged ? current.screenshotUrl : null, user.isAdmin ? current.pendingChanges?.screenshotUrl : null]);
  return { listing: updated, screenshot: urlChanged ? updated.websiteUrl : null };
}

/** Stores the owner's edit of a live listing for review; an edit back to the live version withdraws it. */
async function proposeChanges(tx: Executor, current: ListingRow, fields: ListingFields) {
  const previous = current.pendingChanges;
  if (sameFields(current, fields)) {
    await deleteScreenshots(tx, [previous?.screenshotUrl]);
    return { listing: await updateListingRow(tx, current.id, { pendingChanges: null, rejectionReason: null }), screenshot: null };
  }
  const proposal: PendingListingChanges = {
    ...fields,
    // A screenshot already taken of the same proposed address stays with it.
    ...(previous?.websiteUrl === fields.websiteUrl && previous.screenshotUrl && { screenshotUrl: previous.screenshotUrl }),
    submittedAt: new Date().toISOString(),
  };
  const listing = await updateListingRow(tx, current.id, { pendingChanges: proposal, rejectionReason: null });
  if (previous?.screenshotUrl && previous.screenshotUrl !== proposal.screenshotUrl) await deleteScreenshots(tx, [previous.screenshotUrl]);
  const newAddress = fields.websiteUrl && fields.websiteUrl !== current.websiteUrl && fields.websiteUrl !== previous?.websiteUrl;
  return { listing, screenshot: newAddress ? fields.websiteUrl : null };
}

/** DELETE /api/provider/{services|tools}/{id}: the owner only. Favourites and reviews go with it (ON DELETE CASCADE). */
export async function deleteOwnListing(db: Database, user: UserRow, type: ListingType, id: number) {
  await db.transaction(async (tx) => {
    const listing = await lockListingRow(tx, type, id);
    if (!listing) throw notFound(type);
    if (listing.providerId !== user.id) refuseStranger(listing, user);
    await deleteListingRow(tx, listing);
  });
}

export const listOwnListings = (
  db: Database,
  user: UserRow,
  filter: { status?: ListingStatus; type?: ListingType; limit: number; offset: number },
) => listProviderListings(db, user.id, filter);
