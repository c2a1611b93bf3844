import type { Listing, ListingType } from '../../../shared/types';
import type { PartnerFormValues } from './partner-form-values';

/** What the dialog's inputs hold: text as typed, the way the shared schema accepts it. */
export type ListingFormValues = {
  title: string;
  shortDescription: string;
  description: string;
  categoryId: string;
  price: string;
  priceType: string;
  deliveryTime: string;
  websiteUrl: string;
  tags: string;
  features: string;
  isFeatured?: boolean;
  providerId?: string;
  /** A new unclaimed listing (admin): the company it waits for, and its website (claim links go to its domain). */
  unclaimedCompany?: string;
  unclaimedWebsite?: string;
  partner: PartnerFormValues;
};

const formFields = new Set<string>([
  'title', 'shortDescription', 'description', 'categoryId', 'price', 'priceType', 'deliveryTime', 'websiteUrl', 'tags', 'features', 'isFeatured', 'providerId', 'unclaimedCompany', 'unclaimedWebsite',
] satisfies (keyof ListingFormValues)[]);

/** Whether a field named in a server answer is one of the dialog's inputs (its message then shows under it). */
export const isFormField = (name: string): name is keyof ListingFormValues | `partner.${keyof PartnerFormValues}` => formFields.has(name) || name.startsWith('partner.');

/**
 * The inputs' starting values: empty for a new listing; for an edit, the update still awaiting
 * approval if there is one (so editing again builds on it), otherwise the listing as it is.
 */
export function initialValues(
  type: ListingType,
  current: Listing | null | undefined,
  admin: { showFeatured: boolean; showProviderPicker: boolean; unclaimed?: boolean },
  partner: PartnerFormValues,
): ListingFormValues {
  const listing = current?.pendingChanges ? { ...current, ...current.pendingChanges } : current;
  return {
    title: listing?.title ?? '',
    shortDescription: listing?.shortDescription ?? '',
    description: listing?.description ?? '',
    categoryId: listing ? String(listing.categoryId) : '',
    price: listing?.price ? String(Number(listing.price)) : '',
    priceType: type === 'services' ? (listing?.priceType ?? 'fixed') : '',
    deliveryTime: listing?.deliveryTime ? String(listing.deliveryTime) : '',
    websiteUrl: listing?.websiteUrl ?? '',
    tags: listing?.tags.join(', ') ?? '',
    features: listing?.features.join(', ') ?? '',
    // Fields the server refuses from non-administrators are left out unless the admin screen asks for them.
    // The switch is the editors' pick: a listing featured by its provider's slot only is off here.
    isFeatured: admin.showFeatured ? (listing?.featuredByEditor ?? listing?.isFeatured ?? false) : undefined,
    providerId: admin.showProviderPicker && !admin.unclaimed ? (listing?.provider?.id ?? undefined) : undefined,
    unclaimedCompany: admin.unclaimed ? '' : undefined,
    unclaimedWebsite: admin.unclaimed ? '' : undefined,
    partner,
  };
}
