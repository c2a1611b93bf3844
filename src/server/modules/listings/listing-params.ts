import { z } from 'zod';
import type { ListingType } from '../../../shared/types';

const LARGEST_ID = 2_147_483_647;

/** /api/{type}/{id}/...: a numeric id; anything else is a 400 with a readable message. */
export const listingIdParams = z.object({
  id: z.coerce
    .number({ error: 'Invalid listing id' })
    .int('Invalid listing id')
    .positive('Invalid listing id')
    .max(LARGEST_ID, 'Invalid listing id'),
});

/**
 * /api/{type}/{id}: a string of digits is an id, anything else a slug. Named `id` like every other
 * route under /api/{type}/, so the API document has one path per address, not two that differ
 * only by a parameter's name.
 */
export const listingKeyParams = z.object({ id: z.string().min(1).describe("The listing's numeric id, or its slug") });

export type ListingKey = { id: number } | { slug: string };

/** Digits are an id (slugs never are only digits: uniqueListingSlug gives them a prefix); undefined when no listing can match. */
export function parseListingKey(idOrSlug: string): ListingKey | undefined {
  if (!/^\d+$/.test(idOrSlug)) return { slug: idOrSlug };
  const id = Number(idOrSlug);
  return id >= 1 && id <= LARGEST_ID ? { id } : undefined;
}

/** "Service not found" / "Tool not found": the spec's words for a listing nobody may see. */
export const listingNotFoundMessage = (type: ListingType) => (type === 'tools' ? 'Tool not found' : 'Service not found');
