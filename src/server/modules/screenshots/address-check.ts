import { lookup as dnsLookup } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Server-side request forgery guard for the screenshot job: a tool's website must resolve only
 * to public addresses, so a listing cannot make our server look at its own network (cloud
 * metadata at 169.254.169.254, databases on 10.x, admin pages on localhost ...).
 */

// IPv4 special-purpose ranges (IANA registry) that are not reachable public hosts.
const blockedV4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", includes the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blockedV4.addSubnet(network, prefix, 'ipv4');
}

// IPv6: only global unicast (2000::/3) can be a public host, so everything outside it is blocked
// (::, ::1, fc00::/7 unique-local, fe80::/10 link-local, fec0::/10, ff00::/8 multicast, 100::/64,
// 64:ff9b:1::/48 local NAT64 ...), and so are the special ranges inside it.
const blockedV6 = new BlockList();
for (const [network, prefix] of [
  ['::', 3],
  ['4000::', 2],
  ['8000::', 1],
  ['2001::', 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
] as const) {
  blockedV6.addSubnet(network, prefix, 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address (zone id ignored), or undefined if it is not one. */
function ipv6Groups(address: string): number[] | undefined {
  let text = address.split('%')[0]!.toLowerCase();
  if (isIP(text) !== 6) return undefined;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(zeros).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

const ipv4Of = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join('.');

/**
 * The IPv4 address an IPv6 address leads to, for the forms that carry one: IPv4-compatible
 * (::a.b.c.d), IPv4-mapped (::ffff:a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64
 * (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::). Such an address is as public as its IPv4 one.
 */
function embeddedIpv4(groups: number[]): string | undefined {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const firstFourZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0;
  if (firstFourZero && g4 === 0 && (g5 === 0 || g5 === 0xffff)) return ipv4Of(g6, g7);
  if (firstFourZero && g4 === 0xffff && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4Of(g6, g7);
  if (g0 === 0x2002) return ipv4Of(g1, g2);
  return undefined;
}

export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 4) return !blockedV4.check(address, 'ipv4');
  const groups = ipv6Groups(address);
  if (!groups) return false;
  const v4 = embeddedIpv4(groups);
  if (v4) return !blockedV4.check(v4, 'ipv4');
  return !blockedV6.check(address.split('%')[0]!, 'ipv6');
}

export class RefusedUrlError extends Error {}

/** The URL's host as the network layer sees it: IPv6 literals without their brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, '').toLowerCase();

/** Parses a URL the browser may fetch: http(s) only (no file:, ftp:, data: ... navigations). */
export function parseHttpUrl(rawUrl: string): URL {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new RefusedUrlError(`not a URL: ${rawUrl}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RefusedUrlError(`scheme not allowed: ${url.protocol}`);
  return url;
}

/**
 * A quick check before launching a browser at all: http(s), and every address the host resolves
 * to is public, unless the host is allow-listed (SCREENSHOT_ALLOWED_HOSTS). It is only a fast way
 * to refuse; the guarantee is `checkedLookup`, which checks the addresses actually connected to.
 */
export async function assertFetchable(rawUrl: string, allowedHosts: readonly string[]): Promise<void> {
  const host = hostOf(parseHttpUrl(rawUrl));
  if (allowedHosts.includes(host)) return;
  const addresses = isIP(host) ? [{ address: host }] : await lookup(host, { all: true, verbatim: true }).catch(() => []);
  if (addresses.length === 0) throw new RefusedUrlError(`host does not resolve: ${host}`);
  const privateAddress = addresses.find(({ address }) => !isPublicAddress(address));
  if (privateAddress) throw new RefusedUrlError(`${host} resolves to a non-public address (${privateAddress.address})`);
}

/**
 * A `lookup` for node:http(s) that resolves the host once and refuses it unless every address is
 * public. The socket connects to the addresses this function returns, so what was checked is
 * exactly what is connected to: a DNS server that answers differently the second time (DNS
 * rebinding) gets no second question. IP literals never reach a lookup: see `fetchPinned`.
 */
export function checkedLookup(allowedHosts: readonly string[]): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { family: options.family, hints: options.hints, all: true, verbatim: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const privateAddress = allowedHosts.includes(hostname.toLowerCase()) ? undefined : addresses.find(({ address }) => !isPublicAddress(address));
      if (addresses.length === 0) return callback(new RefusedUrlError(`host does not resolve: ${hostname}`), '');
      if (privateAddress) return callback(new RefusedUrlError(`${hostname} resolves to a non-public address (${privateAddress.address})`), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}
