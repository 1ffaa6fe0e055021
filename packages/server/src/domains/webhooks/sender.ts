import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressRefused, pinnedLookup, vetHost } from '../../platform/net/address-guard.js';

export const SEND_TIMEOUT_MS = 10_000;
const MAX_READ = 2048;

export type SendOutcome =
  | { ok: true; status: number }
  | { ok: false; status: number | null; error: string; refused?: boolean };

/**
 * Posts `body` to `url` with `headers`: the host is resolved and vetted first, and the socket
 * connects to that vetted address only (no second DNS answer can sneak in). 2xx is success;
 * redirects are not followed (they count as failures). Gives up after 10 s.
 */
export async function postJson(url: string, body: string, headers: Record<string, string>): Promise<SendOutcome> {
  const target = new URL(url);
  let vetted: { address: string; family: number };
  try {
    vetted = await vetHost(target.hostname);
  } catch (error) {
    if (error instanceof AddressRefused) return { ok: false, status: null, error: error.message, refused: true };
    throw error;
  }
  const lookup = pinnedLookup(vetted);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        lookup,
        timeout: SEND_TIMEOUT_MS,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Tessera-Webhooks/1',
          ...headers,
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_READ) res.destroy();
        });
        const done = () => {
          const status = res.statusCode ?? 0;
          resolve(
            status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `HTTP ${status}` },
          );
        };
        res.on('end', done);
        res.on('close', done);
      },
    );
    // A hard limit on the whole exchange (the socket timeout alone restarts with each byte).
    const timer = setTimeout(
      () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)),
      SEND_TIMEOUT_MS,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${SEND_TIMEOUT_MS / 1000} s`)));
    req.on('error', (error) => resolve({ ok: false, status: null, error: error.message }));
    req.end(body);
  });
}
