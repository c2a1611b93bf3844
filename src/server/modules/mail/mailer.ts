import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../../db/client';
import { outbox } from '../../../db/schema/messages';
import type { Config } from '../../config';
import { claimDueMails, markFailed, markSent, nextDueAt } from './outbox.queries';

/** `html`: the same mail as HTML, when it has one; `headers`: extra headers (a digest's List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

export type Mailer = {
  /**
   * Writes the mail to the outbox. Pass the transaction of the write the mail announces, so both
   * land or neither; then call deliver() once that transaction has committed.
   */
  queue: (db: Executor, mail: Mail) => Promise<void>;
  /** Starts delivering whatever is due, in the background: never awaited by a request, never throws. */
  deliver: () => void;
  /** Resolves once the delivery under way (if any) has finished; for tests. */
  idle: () => Promise<void>;
  /** Stops retries and waits for the delivery under way; at shutdown. */
  close: () => Promise<void>;
};

/** Timeouts a slow or silent SMTP server cannot stretch: nodemailer's defaults run to minutes. */
const smtpTimeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };
/** Bounds for the wait before the next due mail: not busy-looping, not forgetting one for long. */
const MIN_WAIT_MS = 1_000;
const MAX_WAIT_MS = 60 * 60_000;

/**
 * Every mail goes to the outbox table first. Without SMTP_URL that row and a log line are the
 * delivery (an operator reads them there). With SMTP, deliver() sends the due rows one at a time
 * after the request has been answered, so a slow mail server never slows or fails a request;
 * failures are retried with growing pauses (outbox.queries.ts), and a timer wakes delivery up for
 * the next retry, including rows a previous run of the server left unsent.
 */
export function createMailer(db: Database, config: Config, log: FastifyBaseLogger): Mailer {
  const transport = config.smtpUrl ? nodemailer.createTransport({ url: config.smtpUrl, ...smtpTimeouts }) : undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let wakeUp: NodeJS.Timeout | undefined;
  let closed = false;

  async function sendDue(smtp: NonNullable<typeof transport>) {
    for (let due = await claimDueMails(db); due.length > 0; due = await claimDueMails(db)) {
      for (const mail of due) {
        try {
          await smtp.sendMail({
            // Read per mail: the site's name is the brand in force (modules/site/site-brand.ts).
            from: config.mailFrom ?? { name: config.siteName, address: `no-reply@${new URL(config.siteUrl).hostname}` },
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
            ...(mail.headers ? { headers: mail.headers } : {}),
          });
          await markSent(db, mail.id);
        } catch (err) {
          const willRetry = await markFailed(db, mail, String(err));
          log.error({ err, to: mail.to, outboxId: mail.id }, willRetry ? 'mail delivery failed; it will be retried' : 'mail delivery failed for good; it stays in the outbox');
        }
      }
    }
  }

  async function scheduleNext() {
    const next = await nextDueAt(db);
    if (!next || closed) return;
    const wait = Math.min(Math.max(next.getTime() - Date.now(), MIN_WAIT_MS), MAX_WAIT_MS);
    clearTimeout(wakeUp);
    wakeUp = setTimeout(deliver, wait);
    wakeUp.unref();
  }

  function deliver() {
    if (!transport || closed) return;
    if (running) {
      again = true;
      return;
    }
    running = sendDue(transport)
      .then(scheduleNext)
      .catch((err: unknown) => log.error({ err }, 'mail delivery stopped; unsent mail stays in the outbox'))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          deliver();
        }
      });
  }

  return {
    async queue(executor, mail) {
      await executor.insert(outbox).values(mail);
      if (!transport) log.info({ mail: { to: mail.to, subject: mail.subject } }, `mail kept in the outbox (no SMTP_URL): ${mail.subject}`);
    },
    deliver,
    async idle() {
      while (running) await running;
    },
    async close() {
      closed = true;
      clearTimeout(wakeUp);
      while (running) await running;
    },
  };
}
