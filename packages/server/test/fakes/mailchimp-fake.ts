import { createHash } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer } from './close-server.js';

/**
 * A local stand-in for the parts of Mailchimp's Marketing API v3 Tessera uses: GET /3.0/ping,
 * GET /3.0/lists and PUT /3.0/lists/{list_id}/members/{md5 of the lowercased address}. It checks
 * Basic auth (`anystring:<key>`) against its one key, checks the member body and the hash, and
 * answers errors as `application/problem+json` `{ type, title, status, detail, instance }` like
 * Mailchimp. Point the server at it with TESSERA_MAILCHIMP_BASE_URL=<fake.url>.
 */

export interface FakeMember {
  email_address: string;
  status: string;
  merge_fields: Record<string, unknown>;
}

export interface MailchimpFake {
  url: string;
  apiKey: string;
  lists: { id: string; name: string }[];
  /** Members by list id, then by subscriber hash. */
  members: Map<string, Map<string, FakeMember>>;
  /** Every PUT of a member that reached the fake (accepted or not). */
  puts: { listId: string; hash: string; body: unknown }[];
  /** Statuses to answer the next member PUTs with instead of handling them; normal once they run out. */
  failNextPuts: number[];
  close(): Promise<void>;
}

function problem(res: ServerResponse, status: number, title: string, detail: string): void {
  res.writeHead(status, { 'content-type': 'application/problem+json; charset=utf-8' }).end(
    JSON.stringify({
      type: 'https://mailchimp.com/developer/marketing/docs/errors/',
      title,
      status,
      detail,
      instance: '',
    }),
  );
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export async function startMailchimpFake(
  options: { apiKey?: string; lists?: { id: string; name: string }[] } = {},
): Promise<MailchimpFake> {
  const apiKey = options.apiKey ?? '0123456789abcdef0123456789abcdef-us6';
  const lists = options.lists ?? [
    { id: 'a1b2c3d4e5', name: 'Studio friends' },
    { id: 'f6e5d4c3b2', name: 'Wholesale' },
  ];
  const members = new Map<string, Map<string, FakeMember>>(lists.map((l) => [l.id, new Map()]));
  const puts: MailchimpFake['puts'] = [];
  const failNextPuts: number[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const auth = req.headers.authorization ?? '';
      // Mailchimp accepts any user name: only the password (the key) counts.
      const given = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : '';
      const key = given.includes(':') ? given.slice(given.indexOf(':') + 1) : '';
      if (key !== apiKey || auth === '') {
        return problem(
          res,
          401,
          'API Key Invalid',
          `Your API key may be invalid, or you've attempted to access the wrong datacenter.`,
        );
      }
      if (req.method === 'GET' && url.pathname === '/3.0/ping')
        return json(res, { health_status: "Everything's Chimpy!" });
      if (req.method === 'GET' && url.pathname === '/3.0/lists') {
        return json(res, {
          lists: lists.map((l) => ({ id: l.id, name: l.name, stats: { member_count: members.get(l.id)?.size ?? 0 } })),
          total_items: lists.length,
        });
      }
      const member = /^\/3\.0\/lists\/([^/]+)\/members\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'PUT' && member) {
        const [, listId, hash] = member as unknown as [string, string, string];
        let body: any;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return problem(res, 400, 'Invalid Resource', 'The request body is not valid JSON.');
        }
        puts.push({ listId, hash, body });
        const forced = failNextPuts.shift();
        if (forced !== undefined) return problem(res, forced, 'Internal Server Error', 'A forced failure of the fake.');
        const list = members.get(listId);
        if (!list) return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
        if (typeof body?.email_address !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(body.email_address)) {
          return problem(res, 400, 'Invalid Resource', 'Please provide a valid email address.');
        }
        if (!['subscribed', 'pending'].includes(body.status_if_new)) {
          return problem(res, 400, 'Invalid Resource', 'The resource submitted could not be validated.');
        }
        if (createHash('md5').update(body.email_address.toLowerCase()).digest('hex') !== hash) {
          return problem(res, 400, 'Invalid Resource', 'The subscriber hash does not match the email address.');
        }
        const existing = list.get(hash);
        const saved: FakeMember = {
          email_address: body.email_address,
          status: existing?.status ?? body.status_if_new,
          merge_fields: body.merge_fields ?? {},
        };
        list.set(hash, saved);
        return json(res, { id: hash, ...saved, list_id: listId });
      }
      return problem(res, 404, 'Resource Not Found', 'The requested resource could not be found.');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    lists,
    members,
    puts,
    failNextPuts,
    close: () => closeServer(server),
  };
}
