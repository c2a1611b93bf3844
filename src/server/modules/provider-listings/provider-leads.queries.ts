import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { listings } from '../../../db/schema/listings';
import { messages } from '../../../db/schema/messages';
import type { Lead } from '../../../shared/types';

const leadColumns = {
  id: messages.id,
  name: messages.name,
  email: messages.email,
  message: messages.message,
  readAt: messages.readAt,
  createdAt: messages.createdAt,
  listingId: listings.id,
  listingType: listings.type,
  listingSlug: listings.slug,
  listingTitle: listings.title,
};

type LeadRow = { [K in keyof typeof leadColumns]: (typeof leadColumns)[K]['_']['data'] | null };

function toLead(row: LeadRow): Lead {
  return {
    id: row.id!,
    listing:
      row.listingId === null ? null : { id: row.listingId, type: row.listingType!, slug: row.listingSlug!, title: row.listingTitle! },
    name: row.name!,
    email: row.email!,
    message: row.message!,
    read: row.readAt !== null,
    createdAt: row.createdAt!.toISOString(),
  };
}

const leadsOf = (providerId: string): SQL => and(eq(messages.recipientId, providerId), eq(messages.kind, 'listing'))!;

export async function listLeads(db: Executor, providerId: string, page: { limit: number; offset: number }) {
  const [rows, [totals]] = await Promise.all([
    db
      .select(leadColumns)
      .from(messages)
      .leftJoin(listings, eq(listings.id, messages.listingId))
      .where(leadsOf(providerId))
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(messages).where(leadsOf(providerId)),
  ]);
  return { leads: rows.map(toLead), total: totals?.total ?? 0 };
}

/** Marks one of the provider's own leads read or unread; undefined when it is not theirs. */
export async function setLeadRead(db: Executor, providerId: string, id: number, read: boolean): Promise<Lead | undefined> {
  const [updated] = await db
    .update(messages)
    .set({ readAt: read ? sql`coalesce(${messages.readAt}, now())` : null })
    .where(and(eq(messages.id, id), leadsOf(providerId)))
    .returning({ id: messages.id });
  if (!updated) return undefined;
  const [row] = await db.select(leadColumns).from(messages).leftJoin(listings, eq(listings.id, messages.listingId)).where(eq(messages.id, id));
  return toLead(row!);
}
