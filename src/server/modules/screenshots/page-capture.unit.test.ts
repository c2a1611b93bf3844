import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { runsChromiumTests } from '../../../../test/chromium';
import { RefusedUrlError } from './address-check';
import { capturePage } from './page-capture';
import { DEFAULT_CHROMIUM_PATH } from './screenshots.service';

// Served on 127.0.0.1, the one allow-listed host; `localhost` names the same server but is not
// allow-listed, so any request that reaches it through `localhost` went past the checks.
const hits: string[] = [];
const upgrades: string[] = [];
const redPage = (extra = '') => `<!doctype html><html><body style="margin:0;background:#e11d48"><h1>Red</h1>${extra}</body></html>`;
const site: Server = createServer((request, response) => {
  hits.push(`${request.headers.host}${request.url}`);
  const html = (body: string) => void response.writeHead(200, { 'content-type': 'text/html' }).end(body);
  const redirect = (location: string) => void response.writeHead(302, { location }).end();
  switch (request.url) {
    case '/never':
      return; // accepts the request and never answers
    case '/to-file':
      return redirect('file:///etc/hostname');
    case '/to-private':
      return redirect(`http://localhost:${port}/secret`);
    case '/to-red':
      return redirect('/red/');
    case '/red/':
      // The relative image resolves against the redirected address: the page kept its real URL.
      return html(redPage('<img src="pixel.png">'));
    case '/image-to-private':
      return redirect(`http://localhost:${port}/secret-image`);
    case '/websocket':
      // Turns the page blue only when our route closed the socket (1008); Chromium's own refusals are 1006.
      return html(
        redPage(`<script>new WebSocket('ws://127.0.0.1:${port}/socket').onclose = (e) => { if (e.code === 1008) document.body.style.background = '#2563eb' }</script>`),
      );
    case '/webrtc':
      return html(
        redPage(`<link rel="preconnect" href="http://127.0.0.1:${turnPort}"><script>
          const peer = new RTCPeerConnection({ iceServers: [{ urls: 'turn:127.0.0.1:${turnPort}?transport=tcp', username: 'u', credential: 'c' }] });
          peer.createDataChannel('x');
          peer.createOffer().then((offer) => peer.setLocalDescription(offer));
        </script>`),
      );
    case '/subresources':
      return html(redPage(`<img src="/image-to-private"><script>location.href = 'file:///etc/hostname'</script>`));
    default:
      return html(redPage());
  }
});
site.on('upgrade', (request, socket) => {
  upgrades.push(request.url ?? '');
  socket.destroy();
});
// A bare TCP port the page points WebRTC at (a TURN server over TCP): nothing may connect to it.
const turnConnections: string[] = [];
const turn = createTcpServer((socket) => {
  turnConnections.push('connected');
  socket.destroy();
});
await new Promise<void>((resolve) => turn.listen(0, '127.0.0.1', resolve));
const turnPort = (turn.address() as AddressInfo).port;
await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
const port = (site.address() as AddressInfo).port;
const base = `http://127.0.0.1:${port}`;
afterAll(() => {
  turn.close();
  site.closeAllConnections();
  return new Promise<void>((resolve) => site.close(() => resolve()));
});

function capture(url: string, { timeoutMs = 10_000, chromiumPath = DEFAULT_CHROMIUM_PATH } = {}) {
  return capturePage(url, { chromiumPath, allowedHosts: ['127.0.0.1'], signal: AbortSignal.timeout(timeoutMs), deadline: Date.now() + timeoutMs });
}

async function colourOf(png: Buffer) {
  const [r, g, b] = (await sharp(png).stats()).channels.map((channel) => channel.mean);
  if (r! > 150 && g! < 100 && b! < 120) return 'red';
  if (b! > 150 && r! < 100) return 'blue';
  return 'other';
}
const isRed = async (png: Buffer) => (await colourOf(png)) === 'red';

const hasChromium = runsChromiumTests(DEFAULT_CHROMIUM_PATH);
const leaked = () => hits.filter((hit) => hit.startsWith('localhost'));

describe('page capture', () => {
  it('bounds starting the browser by the same deadline (a browser that never starts)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hanging-chromium-'));
    const hanging = join(folder, 'chromium');
    writeFileSync(hanging, '#!/bin/sh\nsleep 30\n');
    chmodSync(hanging, 0o755);
    const started = Date.now();
    await expect(capture(`${base}/`, { timeoutMs: 500, chromiumPath: hanging })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it.skipIf(!hasChromium)(`follows the page's redirect as a new navigation, keeping its real address (needs ${DEFAULT_CHROMIUM_PATH})`, async () => {
    expect(await isRed(await capture(`${base}/to-red`))).toBe(true);
    expect(hits).toContain(`127.0.0.1:${port}/red/pixel.png`);
  });

  it.skipIf(!hasChromium)('refuses a redirect to a non-http scheme', async () => {
    await expect(capture(`${base}/to-file`)).rejects.toThrow(/scheme not allowed: file:/);
  });

  it.skipIf(!hasChromium)('refuses a redirect to a private address', async () => {
    const error = await capture(`${base}/to-private`).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(RefusedUrlError);
    expect(String(error)).toMatch(/localhost resolves to a non-public address/);
    expect(leaked()).toEqual([]);
  });

  it.skipIf(!hasChromium)("blocks an image's redirect to a private address and a script's file: navigation, and still takes the page", async () => {
    expect(await isRed(await capture(`${base}/subresources`))).toBe(true);
    expect(hits).toContain(`127.0.0.1:${port}/image-to-private`);
    expect(leaked()).toEqual([]);
  });

  it.skipIf(!hasChromium)('closes every WebSocket itself, so none reaches the network', async () => {
    expect(await colourOf(await capture(`${base}/websocket`))).toBe('blue');
    expect(upgrades).toEqual([]);
  });

  it.skipIf(!hasChromium)('lets neither WebRTC nor a preconnect open a socket of its own', async () => {
    expect(await isRed(await capture(`${base}/webrtc`))).toBe(true);
    expect(turnConnections).toEqual([]);
  });

  it.skipIf(!hasChromium)('gives up at the deadline on a page that never answers', async () => {
    const started = Date.now();
    // Long enough for Chromium to start on a slow machine, so the page is really asked for.
    await expect(capture(`${base}/never`, { timeoutMs: 5000 })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(7000);
    expect(hits).toContain(`127.0.0.1:${port}/never`);
  });
});
