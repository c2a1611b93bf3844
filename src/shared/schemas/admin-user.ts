import { z } from 'zod';
import { slugPattern } from '../slug';
import { emailField, optionalText, requiredText } from './auth';
import { websiteField } from './website';

/** Ids the client may choose for a new user: a UUID, or 8-64 URL-safe characters. */
export const userIdPattern = /^[A-Za-z0-9_-]{8,64}$/;

/** POST /api/admin/users: the Add User dialog (the client generates id and slug). */
export const adminUserCreateSchema = z.object({
  id: z.string({ error: 'Invalid user id' }).regex(userIdPattern, 'Invalid user id'),
  slug: z
    .string({ error: 'Invalid slug' })
    .min(3, 'Invalid slug')
    .max(100, 'Invalid slug')
    .regex(slugPattern, 'Slug can only contain lowercase letters, numbers, and hyphens'),
  email: emailField('Valid email is required'),
  firstName: requiredText('First name is required').pipe(z.string().max(100)),
  lastName: requiredText('Last name is required').pipe(z.string().max(100)),
  companyName: optionalText(200),
  website: websiteField('Please enter a valid URL'),
  bio: optionalText(2000),
  isAdmin: z.boolean().default(false),
  isProvider: z.boolean().default(false),
});
export type AdminUserCreateInput = z.input<typeof adminUserCreateSchema>;

export const adminFlagSchema = z.object({ isAdmin: z.boolean({ error: 'isAdmin must be true or false' }) });
export const providerFlagSchema = z.object({ isProvider: z.boolean({ error: 'isProvider must be true or false' }) });

export const rejectListingSchema = z
  .object({ reason: z.string().trim().max(1000, 'The reason must be at most 1000 characters').nullish() })
  .nullish()
  .transform((body) => body?.reason || null);

export const adminListingsQuerySchema = z.object({
  type: z.enum(['services', 'tools'], { error: 'type must be services or tools' }),
  status: z.enum(['approved', 'pending', 'rejected'], { error: 'status must be approved, pending or rejected' }).default('approved'),
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const featuredSchema = z.object({ isFeatured: z.boolean({ error: 'isFeatured must be true or false' }) });

/** A user as the User Management tab lists them. */
export type AdminUser = {
  id: string;
  slug: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
  profileImageUrl: string | null;
  isAdmin: boolean;
  isProvider: boolean;
  /** False until an invited user has set a password. */
  hasPassword: boolean;
  createdAt: string;
  listingCount: number;
  reviewCount: number;
};

export type AdminOverview = {
  services: { total: number; approved: number; pending: number; rejected: number };
  tools: { total: number; approved: number; pending: number; rejected: number };
  users: number;
  /** Reviews with open reports, awaiting a moderator's decision. */
  reportedReviews: number;
};

export type StatusCounts = { approved: number; pending: number; rejected: number };

export type AuditEntry = {
  id: number;
  action: string;
  entityType: string;
  entityId: string | null;
  details: Record<string, unknown> | null;
  createdAt: string;
  /** Who acted; id is null once that account was deleted (the entry keeps their e-mail). */
  actor: { id: string | null; email: string; firstName: string | null; lastName: string | null } | null;
};
