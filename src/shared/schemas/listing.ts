import { z } from 'zod';
import type { ListingType } from '../types';
import { websiteField } from './website';

/**
 * THE listing form (SPEC.md section 5): validates the add/edit dialog (provider and admin) and the
 * POST/PATCH /api/services and /api/tools routes alike. The form holds text (tags and features
 * comma-separated, numbers as typed); the parsed output is the API payload, so the dialog submits
 * exactly what the route will accept.
 */

export const priceTypes = ['fixed', 'monthly', 'hourly'] as const;

/** Largest price the database column (numeric 12,2) can hold. */
const MAX_PRICE = 9_999_999_999.99;

// PostgreSQL text cannot hold a NUL character; refusing it here keeps such input a 400, not a 500.
const NUL = String.fromCharCode(0);
const noNul = (value: string) => !value.includes(NUL);
const NUL_MESSAGE = 'Text must not contain NUL characters';

/** A string that the database can store. */
const text = (error?: string) => z.string(error ? { error } : undefined).refine(noNul, NUL_MESSAGE);

const title = text('Title is required')
  .trim()
  .min(1, 'Title is required')
  .max(200, 'Title must be less than 200 characters');

const description = text('Description is required')
  .trim()
  .min(1, 'Description is required')
  .max(20_000, 'Description must be less than 20000 characters');

const shortDescription = text()
  .trim()
  .max(500, 'Short description must be less than 500 characters')
  .nullish()
  .transform((value) => (value ? value : null));

/** A whole number typed into a field or sent as JSON; blank counts as missing. */
const wholeNumber = (message: string) =>
  z
    .union([z.number(), z.string()], { error: message })
    .transform((value) => (typeof value === 'string' ? (value.trim() === '' ? NaN : Number(value)) : value))
    .pipe(z.number({ error: message }).int(message).positive(message));

const categoryId = wholeNumber('Category is required').pipe(z.number().max(2_147_483_647, 'Category is required'));

/** Empty means 'Contact for pricing' (null); otherwise a non-negative amount with at most two decimals. */
const price = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? '' : String(value).trim()))
  .refine((value) => value === '' || /^\d+(\.\d{1,2})?$/.test(value), 'Price must be a number with at most two decimals')
  .refine((value) => value === '' || Number(value) <= MAX_PRICE, 'Price is too large')
  .transform((value) => (value === '' ? null : Number(value).toFixed(2)));

/** Entered comma-separated, sent as a list: trimmed, empty entries dropped, duplicates removed. */
const commaList = (label: string) =>
  z
    .union([text(), z.array(text())])
    .nullish()
    .transform((value) => {
      const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
      return [...new Set(parts.map((part) => part.trim()).filter(Boolean))];
    })
    .refine((items) => items.length <= 30, `At most 30 ${label}`)
    .refine((items) => items.every((item) => item.length <= 100), `Each of the ${label} must be less than 100 characters`);

const websiteUrl = websiteField('Please enter a valid URL', text('Please enter a valid URL'));

/**
 * Fields only administrators may send (the admin dialogs show a featured switch and a provider
 * picker). The schema accepts them so the admin routes and dialogs can share it; the server
 * refuses them from anyone else.
 */
const adminFields = {
  isFeatured: z.boolean().optional(),
  providerId: text().trim().min(1).max(100).optional(),
  /**
   * A new listing for a company that is not on the directory yet, in place of a provider: it is
   * unclaimed until the company claims it (docs/decisions/listing-claims.md).
   */
  unclaimedCompany: text('Company name is required').trim().min(1, 'Company name is required').max(200, 'Company name must be less than 200 characters').optional(),
  /** The unclaimed company's website: claim links go to addresses at its domain. */
  unclaimedWebsite: websiteField('Please enter a valid URL', text('Please enter a valid URL')).optional(),
};

const baseFields = {
  title,
  description,
  shortDescription,
  categoryId,
  price,
  tags: commaList('tags'),
  features: commaList('features'),
  /** Sent by the client as the spec's payload says; the route's path decides the type. */
  type: z.enum(['tools', 'services']).optional(),
  ...adminFields,
};

export const serviceListingSchema = z.object({
  ...baseFields,
  priceType: z.enum(priceTypes, { error: 'Price type is required' }),
  deliveryTime: wholeNumber('Delivery time is required').pipe(z.number().max(3650, 'Delivery time must be at most 3650 days')),
});

export const toolListingSchema = z.object({
  ...baseFields,
  websiteUrl,
});

/** The schema of one listing type: the dialog and the route of that type both use it. */
export function listingSchemaFor(type: ListingType) {
  return type === 'services' ? serviceListingSchema : toolListingSchema;
}

export type ServiceListingInput = z.input<typeof serviceListingSchema>;
export type ToolListingInput = z.input<typeof toolListingSchema>;
export type ListingFormInput = ServiceListingInput | ToolListingInput;

export type ServiceListingPayload = z.output<typeof serviceListingSchema>;
export type ToolListingPayload = z.output<typeof toolListingSchema>;
export type ListingPayload = ServiceListingPayload | ToolListingPayload;

/** The fields every listing write carries once parsed, whatever its type (the other type's fields are null). */
export type ListingFields = {
  title: string;
  description: string;
  shortDescription: string | null;
  categoryId: number;
  price: string | null;
  priceType: (typeof priceTypes)[number] | null;
  deliveryTime: number | null;
  tags: string[];
  features: string[];
  websiteUrl: string | null;
};

/** Normalises a parsed payload of either type to the full set of listing fields. */
export function toListingFields(payload: ListingPayload): ListingFields {
  return {
    title: payload.title,
    description: payload.description,
    shortDescription: payload.shortDescription,
    categoryId: payload.categoryId,
    price: payload.price,
    priceType: 'priceType' in payload ? payload.priceType : null,
    deliveryTime: 'deliveryTime' in payload ? payload.deliveryTime : null,
    tags: payload.tags,
    features: payload.features,
    websiteUrl: 'websiteUrl' in payload ? payload.websiteUrl : null,
  };
}

/** Reject reasons an administrator types (optional). */
export const rejectListingSchema = z.object({
  reason: text()
    .trim()
    .max(1000, 'Reason must be less than 1000 characters')
    .nullish()
    .transform((value) => (value ? value : null)),
});
