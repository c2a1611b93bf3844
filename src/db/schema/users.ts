import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    slug: text('slug').notNull(),
    email: text('email').notNull(),
    // Null for users an administrator created until they accept their invitation.
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    companyName: text('company_name'),
    website: text('website'),
    bio: text('bio'),
    profileImageUrl: text('profile_image_url'),
    isProvider: boolean('is_provider').notNull().default(false),
    isAdmin: boolean('is_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_slug_unique').on(t.slug),
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Server-side sessions. The cookie carries a random 256-bit token; only its SHA-256 is stored,
 * so a copy of this table cannot be replayed as cookies.
 */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Moved forward at most once an hour (plugins/auth.ts): the idle timeout counts from here.
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/** One-time links: password reset (members), invitations (admin-created users) and listing claims. Hash stored only. */
export const userTokens = pgTable(
  'user_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['password-reset', 'invitation', 'listing-claim'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('user_tokens_user_id_idx').on(t.userId)],
);

/** A user as stored. */
export type UserRow = typeof users.$inferSelect;
