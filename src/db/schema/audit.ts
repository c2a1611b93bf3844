import { index, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { users } from './users';

/** Who did what, when: every administrator action. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // Kept with the entry, so the log still says who acted after that account is deleted.
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt)],
);
