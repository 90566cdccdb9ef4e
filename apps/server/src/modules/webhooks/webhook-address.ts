import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WEBHOOK_MESSAGES } from '@bulkparts/shared';

/**
 * The SSRF guard of outgoing webhooks (issue 19, ADR 0022): deliveries go only to http(s) URLs on
 * public addresses, so an admin's endpoint cannot make the shop call its own network (a database's
 * HTTP port, a cloud's metadata service at 169.254.169.254) or itself. Checked when an endpoint is
 * saved (the literal host) and again when sending, on the addresses DNS answered, inside the
 * connection's own lookup: the address checked is the address connected to (no second resolution
 * to rebind).
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
  ['192.0.2.0', 24], // documentation (TEST-NET-1): never a public host, yet some hosts use it (issue 28)
  ['192.88.99.0', 24], // 6to4 relay anycast (deprecated)
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation (TEST-NET-2)
  ['203.0.113.0', 24], // documentation (TEST-NET-3)
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 96], // unspecified, loopback and IPv4-compatible (`::a.b.c.d`, deprecated, embeds an IPv4 address)
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 (embeds an IPv4 address)
  ['2001::', 32], // Teredo (embeds an IPv4 address)
  ['2001:db8::', 32], // documentation
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

export type InterfaceList = ReturnType<typeof networkInterfaces>;

/** Every address of the given interfaces (loopback, LAN, public, link-local), as one list to check against. */
export function ownAddressesOf(interfaces: InterfaceList): BlockList {
  const own = new BlockList();
  for (const list of Object.values(interfaces)) {
    for (const i of list ?? []) {
      const address = i.address.replace(/%.*$/, '');
      const v4 = isIP(address) === 6 ? mappedIpv4(address) : undefined;
      if (v4) own.addAddress(v4, 'ipv4');
      else if (isIP(address)) own.addAddress(address, isIP(address) === 4 ? 'ipv4' : 'ipv6');
    }
  }
  return own;
}

/**
 * The host's own addresses, read again at most every few seconds: `os.networkInterfaces()` costs
 * ~80 µs, and a delivery checks on every connection. An endpoint at one of them makes the shop
 * call itself, whatever range the address is in (a public address of the host is just as much
 * the shop's own port 5000, admin routes and metrics as 127.0.0.1 is).
 */
const OWN_ADDRESSES_TTL_MS = 5_000;
let ownCache: { list: BlockList; until: number } | undefined;
export function hostAddresses(): BlockList {
  const now = Date.now();
  if (!ownCache || ownCache.until <= now) ownCache = { list: ownAddressesOf(networkInterfaces()), until: now + OWN_ADDRESSES_TTL_MS };
  return ownCache.list;
}

export type BlockReason = 'private' | 'own';

/**
 * Why an IP address is no place to send to, or null: `private` (private, loopback, link-local,
 * unique-local, documentation, reserved, or an IPv6 form embedding such an IPv4 address), `own`
 * (an address of one of this host's interfaces). Anything that is not an IP address is refused.
 */
export function blockedAddress(address: string, own: BlockList = hostAddresses()): BlockReason | null {
  // A zone (`fe80::1%eth0`) would make BlockList answer "not listed".
  const bare = address.replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'private';
  const v4 = family === 6 ? mappedIpv4(bare) : bare;
  const [value, type] = v4 !== undefined ? ([v4, 'ipv4'] as const) : ([bare, 'ipv6'] as const);
  if (blocked.check(value, type)) return 'private';
  return own.check(value, type) ? 'own' : null;
}

/** Whether an IP address is private, loopback, reserved or otherwise not a public host, or one of this host's own. */
export function isPrivateAddress(address: string, own?: BlockList): boolean {
  return blockedAddress(address, own) !== null;
}

/** What a refused address is, in a delivery's error. */
export const blockedLabel = (reason: BlockReason): string => (reason === 'own' ? 'an address of this host' : 'a private address');

/** The host of a URL without IPv6 brackets. */
export const hostOf = (url: URL): string => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Why the shop refuses to send to this URL, or null: not http(s), or a literal private address,
 * one of the host's own addresses or a `localhost` name (names are checked again, resolved, when
 * sending).
 */
export function urlProblem(value: string, allowPrivate: boolean, own?: BlockList): string | null {
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
  if (isIP(host) && isPrivateAddress(host, own)) return WEBHOOK_MESSAGES.urlPrivate;
  return null;
}

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/** `dns.lookup` with `all: true`, or a stand-in (tests resolve names to the addresses they need). */
export type ResolveAll = (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const systemResolve: ResolveAll = (hostname, options, callback) => dnsLookup(hostname, { ...options, all: true }, callback);

/**
 * A `lookup` for http(s).request that resolves the name and refuses it when any address it
 * answers is private or the host's own (so a name with one public and one private address cannot
 * be used either).
 */
export function publicOnlyLookup({ resolve = systemResolve, own = hostAddresses }: { resolve?: ResolveAll; own?: () => BlockList } = {}): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, options, (err, list) => {
      if (err) return callback(err, '', 0);
      const ownList = own();
      let refused = list.length === 0 ? `${hostname} resolves to no address` : undefined;
      for (const a of list) {
        const reason = blockedAddress(a.address, ownList);
        if (reason) {
          refused = `${hostname} resolves to ${a.address}, ${blockedLabel(reason)}`;
          break;
        }
      }
      if (refused) return callback(new PrivateAddressError(refused) as NodeJS.ErrnoException, '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
