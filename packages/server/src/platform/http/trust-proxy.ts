import { isIP } from 'node:net';

/**
 * Which `X-Forwarded-*` values to believe (`TRUST_PROXY`): `false` none (the socket's address is
 * the client); a hop count (`1`: one proxy in front, so the client is the last address that proxy
 * appended, whatever the client wrote to the left of it); or the addresses/CIDRs of the proxies
 * (every trusted address is skipped from the right, the first other one is the client).
 * `true` is kept as one hop; it never means "trust every hop".
 */
export type TrustProxySetting = boolean | number | string[];

/** Names proxy-addr (Fastify) understands besides addresses and CIDRs. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 10;

function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d{1,3}$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/** Reads `TRUST_PROXY`: unset/`0`/`false`, a hop count (`true` = 1), or a comma-separated list of addresses/CIDRs. */
export function parseTrustProxy(raw: string | undefined): TrustProxySetting {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value === 'false') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS)
      throw new Error(`TRUST_PROXY counts proxies in front of the server: 1 to ${MAX_HOPS}, not ${value}.`);
    return hops;
  }
  const list = value.split(',').map((entry) => entry.trim());
  const bad = list.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new Error(
      `TRUST_PROXY must be a number of proxies (1, 2) or a comma-separated list of proxy addresses or CIDRs (10.0.0.1, 10.0.0.0/8), not "${bad}".`,
    );
  }
  return list;
}

/** Fastify's `trustProxy` for a setting: a hop-count trust function, or the list (Fastify compiles it). */
export function fastifyTrustProxy(
  setting: TrustProxySetting,
): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (Array.isArray(setting)) return setting.length > 0 ? setting : false;
  // Fastify reads a bare number as "trust nothing"; this function trusts exactly `hops` proxies:
  // hop 0 is the socket peer, hop 1 the last address it appended, and so on.
  const hops = setting === true ? 1 : setting;
  return (_address, hop) => hop < hops;
}
