import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { AddressRefused, pinnedLookup, vetHost } from './address-guard.js';

export interface GuardedGetOptions {
  /** The whole exchange, connect to last byte. */
  timeoutMs: number;
  /** A longer answer is cut off and counts as a failure. */
  maxBytes: number;
  accept?: string;
  /** The variable naming hosts allowed on a private address (tests only). */
  allowVariable: string;
  env?: NodeJS.ProcessEnv;
  userAgent?: string;
}

export type GuardedGetResult =
  | { ok: true; status: number; body: string; bytes: Buffer; contentType: string }
  | { ok: false; error: string; refused?: boolean; status?: number };

/**
 * GET `url` (http or https) the way the server's own outgoing requests must go (`address-guard.ts`):
 * the host is resolved and vetted, the socket connects to that address only, redirects are not
 * followed, and the answer is bounded in time and size. Never throws.
 */
export async function guardedGet(url: string, options: GuardedGetOptions): Promise<GuardedGetResult> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, error: 'not a web address' };
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return { ok: false, error: 'not http(s)' };
  let vetted: { address: string; family: number };
  try {
    vetted = await vetHost(target.hostname, options.env ?? process.env, options.allowVariable);
  } catch (error) {
    if (error instanceof AddressRefused) return { ok: false, error: error.message, refused: true };
    return { ok: false, error: String(error) };
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: GuardedGetResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const req = send(
      target,
      {
        method: 'GET',
        lookup: pinnedLookup(vetted),
        timeout: options.timeoutMs,
        headers: { accept: options.accept ?? '*/*', 'user-agent': options.userAgent ?? 'Tessera-Feeds/1' },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.destroy();
          finish({ ok: false, status, error: `HTTP ${status}` });
          return;
        }
        const chunks: Buffer[] = [];
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > options.maxBytes) {
            res.destroy();
            finish({ ok: false, status, error: `larger than ${options.maxBytes} bytes` });
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          const contentType = String(res.headers['content-type'] ?? '');
          finish({ ok: true, status, bytes, contentType, body: bytes.toString('utf8') });
        });
        res.on('error', (error) => finish({ ok: false, status, error: error.message }));
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish({ ok: false, error: `no answer within ${options.timeoutMs} ms` });
    }, options.timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    req.on('error', (error) => finish({ ok: false, error: error.message }));
    req.end();
  });
}
