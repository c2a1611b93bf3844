import { mkdtempSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../db/schema/messages';
import { openTestDatabase } from '../../../../test/test-database';
import { mailsTo, sendersTo, startMailCatcher } from '../../../../test/mail-catcher';
import { testConfig } from '../../config';
import { createMailer } from './mailer';
import { MAX_ATTEMPTS } from './outbox.queries';

// Real SMTP on loopback: the same catcher the browser tests send to.
const database = await openTestDatabase();
const db = database.db;
const log = pino({ level: 'silent' });
const mailDir = mkdtempSync(path.join(os.tmpdir(), 'mailer-test-'));
const catcher = startMailCatcher(0, mailDir);
await new Promise((resolve) => catcher.once('listening', resolve));
const smtpPort = (catcher.address() as net.AddressInfo).port;
afterAll(async () => {
  catcher.close();
  await database.close();
});

/** A port nothing listens on: taken, then given back. */
async function closedPort() {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const rowTo = async (to: string) => (await db.select().from(outbox).where(eq(outbox.to, to)))[0];

describe('the mailer', () => {
  it('sends a mail queued in a committed transaction after the fact, and records it as sent', async () => {
    const mailer = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), log);
    await db.transaction((tx) => mailer.queue(tx, { to: 'ada@example.test', subject: 'Hello', text: 'First line\nSecond line' }));
    mailer.deliver();
    await mailer.idle();

    expect(mailsTo(mailDir, 'ada@example.test')).toEqual([{ to: ['ada@example.test'], subject: 'Hello', text: 'First line\nSecond line' }]);
    const row = await rowTo('ada@example.test');
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.attempts).toBe(1);
    await mailer.close();
  });

  it('keeps nothing of a rolled-back transaction', async () => {
    const mailer = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), log);
    await expect(
      db.transaction(async (tx) => {
        await mailer.queue(tx, { to: 'nobody@example.test', subject: 'Never', text: 'Rolled back' });
        throw new Error('the write this mail announced failed');
      }),
    ).rejects.toThrow('failed');
    mailer.deliver();
    await mailer.idle();
    expect(await rowTo('nobody@example.test')).toBeUndefined();
    expect(mailsTo(mailDir, 'nobody@example.test')).toEqual([]);
    await mailer.close();
  });

  it('records a failed delivery with a later retry, and sends it once the server answers again', async () => {
    const down = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` }), log);
    await down.queue(db, { to: 'retry@example.test', subject: 'Retry me', text: 'Later' });
    down.deliver();
    await down.idle();
    await down.close();

    const failed = await rowTo('retry@example.test');
    expect(failed?.sentAt).toBeNull();
    expect(failed?.error).toMatch(/ECONNREFUSED/);
    expect(failed?.attempts).toBe(1);
    expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    // Not due yet: nothing is sent before its time.
    const up = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), log);
    up.deliver();
    await up.idle();
    expect(mailsTo(mailDir, 'retry@example.test')).toEqual([]);

    await db.update(outbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(outbox.id, failed!.id));
    up.deliver();
    await up.idle();
    expect(mailsTo(mailDir, 'retry@example.test')).toHaveLength(1);
    expect((await rowTo('retry@example.test'))?.sentAt).toBeInstanceOf(Date);
    await up.close();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and leaves old unsent mail alone`, async () => {
    const mailer = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}` }), log);
    await db.insert(outbox).values([
      { to: 'spent@example.test', subject: 'Spent', text: '.', attempts: MAX_ATTEMPTS },
      { to: 'stale@example.test', subject: 'Stale', text: '.', createdAt: new Date(Date.now() - 3 * 24 * 3600_000) },
    ]);
    mailer.deliver();
    await mailer.idle();
    expect(mailsTo(mailDir, 'spent@example.test')).toEqual([]);
    expect(mailsTo(mailDir, 'stale@example.test')).toEqual([]);
    await mailer.close();
  });

  it('without SMTP_URL keeps the mail in the outbox and sends nothing', async () => {
    const mailer = createMailer(db, testConfig({ smtpUrl: undefined }), log);
    await mailer.queue(db, { to: 'kept@example.test', subject: 'Kept', text: 'In the table' });
    mailer.deliver();
    await mailer.idle();
    const row = await rowTo('kept@example.test');
    expect(row).toMatchObject({ subject: 'Kept', sentAt: null, attempts: 0 });
    expect(mailsTo(mailDir, 'kept@example.test')).toEqual([]);
  });

  it("names the sender after the site as its brand is now, at no-reply@ the site's host, unless MAIL_FROM names one", async () => {
    // The brand's view of the configuration reads the site's name live (modules/site/site-brand.ts).
    let siteName = 'Harbour Directory';
    const branded = Object.defineProperty(testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, siteUrl: 'https://dir.example.org' }), 'siteName', { get: () => siteName });
    const mailer = createMailer(db, branded, log);
    const send = async (to: string) => {
      await db.transaction((tx) => mailer.queue(tx, { to, subject: 'Brand', text: 'Hello' }));
      mailer.deliver();
      await mailer.idle();
    };
    await send('before@example.test');
    siteName = 'Élan & "Co"';
    await send('after@example.test');
    await mailer.close();
    const fixed = createMailer(db, testConfig({ smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Operations <ops@example.org>' }), log);
    await db.transaction((tx) => fixed.queue(tx, { to: 'fixed@example.test', subject: 'Brand', text: 'Hello' }));
    fixed.deliver();
    await fixed.idle();
    await fixed.close();

    expect(sendersTo(mailDir, 'before@example.test')).toEqual(['Harbour Directory <no-reply@dir.example.org>']);
    expect(sendersTo(mailDir, 'after@example.test')).toEqual(['Élan & "Co" <no-reply@dir.example.org>']); // sent as an encoded word, decoded here
    expect(sendersTo(mailDir, 'fixed@example.test')).toEqual(['Operations <ops@example.org>']);
  });
});
