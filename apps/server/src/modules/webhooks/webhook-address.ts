import { lookup as dnsLookup } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { WEBHOOK_MESSAGES } from '@bulkparts/shared';

/**
 * The SSRF guard of outgoing webhooks (issue 19, ADR 0022): deliveries go only to http(s) URLs on
 * public addresses, so an admin's endpoint cannot make the shop call its own network (a database's
 * HTTP port, a cloud's metadata service at 169.254.169.254). Checked when an endpoint is saved (the
 * literal host) and again when sending, on the addresses DNS answered, inside the connection's own
 * lookup: the address checked is the address connected to (no second resolution to rebind).
 */
const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['2002::', 16], // 6to4 (embeds an IPv4 address)
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`, `::ffff:7f00:1`) carries, if it is one. */
function mappedIpv4(address: string): string | undefined {
  const m = /^::ffff:(?:0:)?(.+)$/i.exec(address);
  if (!m) return undefined;
  const rest = m[1]!;
  if (isIP(rest) === 4) return rest;
  const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(rest);
  if (!hex) return undefined;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Whether an IP address is private, loopback, link-local, unique-local or otherwise not a public host. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = mappedIpv4(address);
    return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why the shop refuses to send to this URL, or null: not http(s), or a literal private address or
 * a `localhost` name (names are checked again, resolved, when sending).
 */
export function urlProblem(value: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return WEBHOOK_MESSAGES.urlInvalid;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return WEBHOOK_MESSAGES.urlInvalid;
  if (allowPrivate) return null;
  const host = hostOf(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return WEBHOOK_MESSAGES.urlPrivate;
  if (isIP(host) && isPrivateAddress(host)) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * A `lookup` for http(s).request that resolves the name and refuses it when any address it
 * answers is private (so a name with one public and one private address cannot be used either).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      return callback(new PrivateAddressError(`${hostname} resolves to ${bad?.address ?? 'nothing'}, a private address`) as NodeJS.ErrnoException, '', 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};
