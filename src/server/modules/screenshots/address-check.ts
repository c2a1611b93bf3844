import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Server-side request forgery guard for the screenshot job: a tool's website must resolve only
 * to public addresses, so a listing cannot make our server look at its own network (cloud
 * metadata at 169.254.169.254, databases on 10.x, admin pages on localhost ...).
 */

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved and broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address hidden in an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedIpv4(address: string): string | undefined {
  const groups = expandIpv6(address);
  if (!groups) return undefined;
  const mapped = groups.slice(0, 6).join(':') === '0:0:0:0:0:ffff';
  const nat64 = groups.slice(0, 6).join(':') === '64:ff9b:0:0:0:0';
  if (!mapped && !nat64) return undefined;
  const [high, low] = [parseInt(groups[6]!, 16), parseInt(groups[7]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function expandIpv6(address: string): string[] | undefined {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? headGroups.length !== 8 : missing < 0) return undefined;
  return [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...tailGroups].map((g) => parseInt(g || '0', 16).toString(16));
}

export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return !blocked.check(v4, 'ipv4');
    return !blocked.check(address, 'ipv6');
  }
  return false;
}

export class RefusedUrlError extends Error {}

/**
 * Checks one URL the browser is about to fetch: http(s) only, and every address its host
 * resolves to must be public, unless the host is allow-listed (SCREENSHOT_ALLOWED_HOSTS).
 */
export async function assertFetchable(rawUrl: string, allowedHosts: readonly string[]): Promise<void> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedUrlError(`not a URL: ${rawUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedUrlError(`scheme not allowed: ${url.protocol}`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (allowedHosts.includes(host)) return;
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new RefusedUrlError(`host does not resolve: ${host}`);
  const privateAddress = addresses.find(({ address }) => !isPublicAddress(address));
  if (privateAddress) throw new RefusedUrlError(`${host} resolves to a non-public address (${privateAddress.address})`);
}
