import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas/contact';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.queries';
import { findAdministratorEmails, insertSiteMessage } from './messages.queries';

/**
 * A message from the contact page, kept for the administrators and e-mailed to each of them, in
 * one transaction with its mails. With no administrator yet it goes to the support address the
 * site shows, so it still reaches someone. A signed-in sender is linked to their account so a
 * reply can find them even if they typed another address.
 */
export async function sendSiteMessage(
  { db, config, mailer }: Pick<AppDeps, 'db' | 'config' | 'mailer'>,
  sender: UserRow | null,
  input: z.output<typeof contactSchema>,
) {
  const text = [
    `${input.name} <${input.email}> wrote through the contact form of ${config.siteName}:`,
    '',
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Reply to ${input.email} directly.`,
  ].join('\n');
  const message = await db.transaction(async (tx) => {
    const stored = await insertSiteMessage(tx, { senderId: sender?.id ?? null, ...input });
    const administrators = await findAdministratorEmails(tx);
    const recipients = administrators.length > 0 ? administrators : [config.supportEmail];
    for (const to of recipients) await mailer.queue(tx, { to, subject: `Contact form: ${input.subject}`, text });
    return stored;
  });
  mailer.deliver();
  return message;
}
