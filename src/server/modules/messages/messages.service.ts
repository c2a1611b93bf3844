import type { z } from 'zod';
import type { contactSchema } from '../../../shared/schemas/contact';
import type { AppDeps } from '../../deps';
import type { UserRow } from '../users/users.queries';
import { insertSiteMessage } from './messages.queries';

/**
 * A message from the contact page, kept for the administrators. A signed-in sender is linked to
 * their account so a reply can find them even if they typed another address.
 */
export async function sendSiteMessage({ db }: Pick<AppDeps, 'db'>, sender: UserRow | null, input: z.output<typeof contactSchema>) {
  return insertSiteMessage(db, { senderId: sender?.id ?? null, ...input });
}
