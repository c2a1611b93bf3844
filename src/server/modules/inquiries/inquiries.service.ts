import type { z } from 'zod';
import type { Database } from '../../../db/client';
import type { inquirySchema } from '../../../shared/schemas/inquiry';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import type { UserRow } from '../users/users.queries';
import { findListingById } from '../listings/listings.queries';
import type { Mailer } from '../mail/mailer';
import { insertInquiry } from './inquiries.queries';

type Deps = { db: Database; config: Config; mailer: Mailer };

/**
 * A member's message about a live service: kept for the provider (their dashboard lists it) and
 * announced to them by e-mail, both in one transaction. Delivery happens after the answer, so a
 * failing SMTP server neither loses the mail nor fails the request.
 */
export async function contactProvider({ db, config, mailer }: Deps, sender: UserRow, serviceId: number, input: z.output<typeof inquirySchema>) {
  const found = await findListingById(db, 'services', serviceId);
  if (!found || found.listing.status !== 'approved' || !found.provider) throw AppError.notFound('Service not found');
  const { listing, provider } = found;
  // A message to oneself would count as a lead in the provider's figures.
  if (provider.id === sender.id) throw AppError.forbidden('This is your own listing: agencies contact you here, you cannot send yourself a message.');

  const message = await db.transaction(async (tx) => {
    const stored = await insertInquiry(tx, {
      listingId: listing.id,
      recipientId: provider.id,
      senderId: sender.id,
      name: input.name,
      email: input.email,
      message: input.message,
    });
    await mailer.queue(tx, {
      to: provider.email,
      subject: `New inquiry about "${listing.title}"`,
      text: [
        `${input.name} <${input.email}> sent you a message about your service "${listing.title}" on ${config.siteName}:`,
        '',
        input.message,
        '',
        `Reply to ${input.email} directly. You can also read this message in your provider dashboard: ${config.siteUrl}/provider`,
      ].join('\n'),
    });
    return stored;
  });
  mailer.deliver();

  return { id: message.id, createdAt: message.createdAt.toISOString() };
}
