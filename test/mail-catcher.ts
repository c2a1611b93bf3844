import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/**
 * A tiny SMTP server for the tests. The e2e server and the mailer tests send to it through SMTP_URL,
 * so their mails really leave through nodemailer and SMTP; each one received is written to `dir`
 * as JSON, where tests read it (`mailsTo`). It speaks just enough SMTP for nodemailer: no TLS, no auth.
 */
export function startMailCatcher(port: number, dir: string): net.Server {
  mkdirSync(dir, { recursive: true });
  let received = 0;
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);

    reply('220 e2e-mail-catcher ESMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end === -1) return;
          // Lines that began with a dot were dot-stuffed by the sender (RFC 5321 4.5.2).
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          writeFileSync(path.join(dir, `${Date.now()}-${process.pid}-${++received}.json`), JSON.stringify({ ...envelope, raw }));
          envelope = { from: '', to: [] };
          reply('250 OK: message accepted');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline === -1) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 e2e-mail-catcher');
        else if (verb === 'MAIL') {
          envelope = { from: /<(.*)>/.exec(line)?.[1] ?? '', to: [] };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push((/<(.*)>/.exec(line)?.[1] ?? '').toLowerCase());
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => socket.destroy());
  });
  server.on('error', (error) => console.warn(`e2e mail catcher: ${error.message}`));
  server.listen(port, '127.0.0.1');
  // The test runner must be able to exit while the catcher still listens.
  server.unref();
  return server;
}

export type CaughtMail = { to: string[]; subject: string; text: string };

function decodeBody(headers: string, body: string): string {
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** Decodes RFC 2047 encoded words ("=?UTF-8?Q?New_inquiry?="), which nodemailer uses for subjects with quotes. */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=(\s+(?==\?))?/g, (_, _charset: string, encoding: string, text: string) => {
    if (encoding.toUpperCase() === 'B') return Buffer.from(text, 'base64').toString('utf8');
    const bytes = text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  });
}

function parse(raw: string, to: string[]): CaughtMail {
  const split = raw.indexOf('\r\n\r\n');
  const headers = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '');
  return { to, subject, text: decodeBody(headers, raw.slice(split + 4)).replace(/\r\n/g, '\n') };
}

function received(dir: string, address: string): { to: string[]; raw: string }[] {
  let files: string[];
  try {
    files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort((a, b) => Number(a.split('-')[0]) - Number(b.split('-')[0]) || a.localeCompare(b))
    .map((file) => JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { to: string[]; raw: string })
    .filter((mail) => mail.to.includes(address.toLowerCase()));
}

/** Every mail the catcher received for `address`, oldest first. */
export function mailsTo(dir: string, address: string): CaughtMail[] {
  return received(dir, address).map((mail) => parse(mail.raw, mail.to));
}

/** The From header of every mail the catcher received for `address`, oldest first, decoded. */
export function sendersTo(dir: string, address: string): string[] {
  return received(dir, address).map(({ raw }) => {
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    return decodeHeader(/^from:\s*(.*)$/im.exec(headers)?.[1] ?? '');
  });
}
