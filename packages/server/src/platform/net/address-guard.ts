import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Where the server may send a request of its own (SSRF guard, issue 21; used by outgoing webhooks
 * and by the RSS block's feed reader). For webhooks it is checked twice: the address when an owner
 * saves it (https only; http only for localhost in test mode or with TESSERA_WEBHOOK_ALLOW_HTTP=1),
 * and at every send, after resolving DNS, on the very address the socket connects to: loopback,
 * private, link-local (cloud metadata 169.254.169.254), shared, multicast and reserved ranges are
 * refused, unless the host is named in TESSERA_WEBHOOK_ALLOW_HOSTS (comma-separated; for tests and
 * for receivers on the same private network on purpose).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

export const ADDRESS_MESSAGES = {
  notUrl: 'Enter the full web address of the receiver, starting with https://.',
  notHttps: 'The address must start with https:// (plain http is allowed only for localhost in test mode).',
  credentials: 'The address must not contain a user name or password.',
  private: (host: string, ip: string) =>
    `${host} resolves to ${ip}, a private or local network address; webhooks are only sent to public addresses.`,
  unresolvable: (host: string) => `${host} could not be found (DNS).`,
} as const;

const LOCAL_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The variable naming hosts allowed on a private address (webhooks by default; the feed reader has its own). */
export const WEBHOOK_ALLOW_HOSTS = 'TESSERA_WEBHOOK_ALLOW_HOSTS';

function allowedHosts(env: NodeJS.ProcessEnv, variable: string): Set<string> {
  return new Set(
    (env[variable] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** The owner's address, checked for its form; answers the message to show when refused. */
export function urlProblem(raw: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return ADDRESS_MESSAGES.notUrl;
  }
  if (url.username || url.password) return ADDRESS_MESSAGES.credentials;
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return ADDRESS_MESSAGES.notHttps;
  if (env.TESSERA_WEBHOOK_ALLOW_HTTP === '1') return undefined;
  if (env.NODE_ENV === 'test' && LOCAL_NAMES.has(url.hostname.toLowerCase())) return undefined;
  return ADDRESS_MESSAGES.notHttps;
}

function isBlocked(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(ip, 'ipv6');
  }
  return true;
}

/** Thrown when a send is refused before connecting. */
export class AddressRefused extends Error {}

/**
 * Resolves `hostname` and answers the one address to connect to, or throws `AddressRefused`.
 * Every resolved address must be public (a name answering one public and one private address is
 * refused), so a DNS answer cannot steer the request inside.
 */
export async function vetHost(
  hostname: string,
  env: NodeJS.ProcessEnv = process.env,
  allowVariable: string = WEBHOOK_ALLOW_HOSTS,
): Promise<{ address: string; family: number }> {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allow = allowedHosts(env, allowVariable);
  const allowed = allow.has(host) || allow.has(hostname.toLowerCase());
  let answers: { address: string; family: number }[];
  if (isIP(host)) answers = [{ address: host, family: isIP(host) }];
  else {
    try {
      answers = await lookup(host, { all: true, verbatim: true });
    } catch {
      throw new AddressRefused(ADDRESS_MESSAGES.unresolvable(host));
    }
  }
  const first = answers[0];
  if (!first) throw new AddressRefused(ADDRESS_MESSAGES.unresolvable(host));
  if (!allowed) {
    const bad = answers.find((a) => isBlocked(a.address));
    if (bad) throw new AddressRefused(ADDRESS_MESSAGES.private(host, bad.address));
  }
  return first;
}

/** A DNS lookup for a socket that only ever answers the vetted address (no second DNS answer sneaks in). */
export function pinnedLookup(vetted: { address: string; family: number }): LookupFunction {
  return (_host, options, callback) => {
    if ((options as { all?: boolean }).all) callback(null, [vetted]);
    else callback(null, vetted.address, vetted.family);
  };
}
