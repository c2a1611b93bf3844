import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas/contact';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.queries';
import { findAdministratorEmails, insertSiteMessage } from './messages.queries';

/**
 * A message from the contact page, kept for the administrators and e-mailed to each of them. A
 * signed-in sender is linked to their account so a reply can find them even if they typed another
 * address. The mailer keeps every mail in the outbox, so a failing SMTP server loses nothing.
 */
export async function sendSiteMessage(
  { db, config, mailer }: Pick<AppDeps, 'db' | 'config' | 'mailer'>,
  sender: UserRow | null,
  input: z.output<typeof contactSchema>,
) {
  const message = await insertSiteMessage(db, { senderId: sender?.id ?? null, ...input });
  const text = [
    `${input.name} <${input.email}> wrote through the contact form of ${config.siteName}:`,
    '',
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Reply to ${input.email} directly.`,
  ].join('\n');
  for (const to of await findAdministratorEmails(db)) {
    await mailer.send({ to, subject: `Contact form: ${input.subject}`, text });
  }
  return message;
}
