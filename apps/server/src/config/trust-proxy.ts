import { isIP } from 'node:net';

/**
 * `TRUST_PROXY`, as Fastify's `trustProxy` takes it. `true` would make Fastify believe the
 * left-most `X-Forwarded-For` address, which any client writes itself: every per-address limit
 * would be the client's choice. So the shop trusts either a number of proxy hops in front of it,
 * or the proxies' own addresses (IPs or CIDRs): the client address is then the first one, from
 * the right, that was not added by a trusted proxy.
 */
export type TrustProxy = false | number | string[];

export interface ParsedTrustProxy {
  value: TrustProxy;
  /** Set when the value was accepted but deserves a start-up warning. */
  warning?: string;
  error?: string;
}

const MAX_HOPS = 10;

/** proxy-addr's names for address ranges (`loopback` = a proxy on the same host). */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

export function parseTrustProxy(raw: string | undefined): ParsedTrustProxy {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === 'false' || v === '0') return { value: false };
  if (v === 'true') {
    return {
      value: 1,
      warning:
        'TRUST_PROXY=true is read as 1 hop (the address the nearest proxy saw). Set TRUST_PROXY to the number of proxies in front of the shop, or to their addresses/CIDRs, to silence this warning.',
    };
  }
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > MAX_HOPS)
      return { value: false, error: `must be false, a number of proxy hops from 1 to ${MAX_HOPS}, or comma-separated proxy addresses/CIDRs` };
    return { value: hops };
  }
  const entries = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isAddressOrCidr(e));
  if (!entries.length || bad.length) {
    return {
      value: false,
      error: `must be false, a number of proxy hops, or comma-separated proxy addresses/CIDRs (not understood: ${bad.join(', ') || raw})`,
    };
  }
  return { value: entries };
}

/**
 * Fastify's `trustProxy` option. A hop count becomes proxy-addr's function "the first n addresses
 * (the socket's peer, then the right-most forwarded ones) are proxies": Fastify 5 itself reads a
 * bare number as "trust nothing", since it cannot know the peer is a proxy. The operator vouches
 * for that by setting a hop count (the shop must only be reachable through its proxies).
 */
export function fastifyTrustProxy(value: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value > 0 ? (_address: string, hop: number) => hop < value : false;
  return value;
}
