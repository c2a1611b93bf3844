import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client';
import { outbox } from '../../../db/schema/messages';
import type { Config } from '../../config';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  /** Keeps the mail in the outbox, then sends it through SMTP when configured. Never throws for delivery. */
  send: (mail: Mail) => Promise<void>;
};

/**
 * Every mail is written to the outbox table first, so nothing is lost: without SMTP_URL that
 * row (and a log line) is the delivery; with SMTP the row records when it was sent or why it failed.
 */
export function createMailer(db: Database, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await db.insert(outbox).values(mail).returning({ id: outbox.id });
      if (!transport) {
        log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail kept in the outbox (no SMTP_URL): ${mail.subject}`);
        return;
      }
      try {
        await transport.sendMail({ from: config.mailFrom, ...mail });
        await db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, row!.id));
      } catch (err) {
        log.error({ err, to: mail.to }, 'mail delivery failed; it stays in the outbox');
        await db.update(outbox).set({ error: String(err) }).where(eq(outbox.id, row!.id));
      }
    },
  };
}
