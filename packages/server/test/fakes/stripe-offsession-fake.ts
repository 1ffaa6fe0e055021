import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { closeServer } from './close-server.js';
import { listIntents } from './stripe-fake-page.js';

/**
 * Off-session payment intents the way Stripe answers renewals (issue 17), in front of the main
 * Stripe fake (`stripe-fake.ts`): `POST /v1/payment_intents` answers what `answer` says (succeeded,
 * a card error asking for the buyer's authentication, or a decline) and records each request with
 * its Idempotency-Key; `GET /v1/payment_intents` lists the intents it made (declined ones too, as
 * Stripe keeps them); every other request is passed through to the main fake unchanged.
 */

export type OffSessionAnswer = 'succeeded' | 'authentication_required' | 'card_declined';

export interface RecordedIntent {
  body: Record<string, string>;
  idempotencyKey: string | undefined;
  answered: OffSessionAnswer;
}

export interface OffSessionFake {
  url: string;
  answer: OffSessionAnswer;
  intents: RecordedIntent[];
  /** Stripe forgets the idempotency keys it holds, as it may once a key is 24 hours old. */
  forgetIdempotencyKeys(): void;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startOffSessionFake(options: { secretKey: string; forwardTo: string }): Promise<OffSessionFake> {
  const replays = new Map<string, { status: number; body: unknown; text: string }>();
  const made: { id: string; customer: string | null; created: number; status: string }[] = [];
  let server: Server;

  async function paymentIntent(req: IncomingMessage, res: ServerResponse, text: string): Promise<void> {
    if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    const earlier = key ? replays.get(key) : undefined;
    // As Stripe: a key answers again what it answered, and only for the same parameters.
    if (earlier && earlier.text !== text) {
      return send(res, 400, {
        error: {
          type: 'idempotency_error',
          message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
        },
      });
    }
    if (earlier) return send(res, earlier.status, earlier.body);
    const body = Object.fromEntries(new URLSearchParams(text)) as Record<string, string>;
    fake.intents.push({ body, idempotencyKey: key, answered: fake.answer });
    const id = `pi_${randomBytes(12).toString('hex')}`;
    const intent = {
      id,
      object: 'payment_intent',
      amount: Number(body.amount),
      currency: body.currency,
      customer: body.customer ?? null,
      payment_method: body.payment_method ?? null,
      metadata: Object.fromEntries(
        Object.entries(body)
          .filter(([name]) => name.startsWith('metadata['))
          .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
      ),
      created: Math.floor(Date.now() / 1000),
    };
    let answer: { status: number; body: unknown };
    if (fake.answer === 'succeeded') {
      answer = { status: 200, body: { ...intent, status: 'succeeded' } };
    } else {
      const authentication = fake.answer === 'authentication_required';
      answer = {
        status: 402,
        body: {
          error: {
            type: 'card_error',
            code: fake.answer,
            ...(authentication ? {} : { decline_code: 'insufficient_funds' }),
            message: authentication
              ? 'This payment requires the cardholder to authenticate.'
              : 'Your card has insufficient funds.',
            payment_intent: { ...intent, status: authentication ? 'requires_action' : 'requires_payment_method' },
          },
        },
      };
    }
    const status =
      fake.answer === 'succeeded'
        ? 'succeeded'
        : fake.answer === 'authentication_required'
          ? 'requires_action'
          : 'requires_payment_method';
    made.push({ ...intent, status });
    if (key) replays.set(key, { ...answer, text });
    send(res, answer.status, answer.body);
  }

  async function forward(req: IncomingMessage, res: ServerResponse, text: string): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && name !== 'host' && name !== 'content-length') headers[name] = value;
    }
    const answer = await fetch(`${options.forwardTo}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: req.method === 'GET' || req.method === 'HEAD' ? undefined : text,
      redirect: 'manual',
    });
    const out: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (name !== 'content-length' && name !== 'transfer-encoding' && name !== 'content-encoding') out[name] = value;
    });
    res.writeHead(answer.status, out);
    res.end(Buffer.from(await answer.arrayBuffer()));
  }

  const fake: OffSessionFake = {
    url: '',
    answer: 'succeeded',
    intents: [],
    forgetIdempotencyKeys: () => replays.clear(),
    close: () => closeServer(server),
  };

  server = createServer((req, res) => {
    readBody(req)
      .then((text) => {
        const url = new URL(req.url ?? '/', 'http://fake');
        if (url.pathname !== '/v1/payment_intents') return forward(req, res, text);
        if (req.method === 'POST') return paymentIntent(req, res, text);
        if (req.headers.authorization !== `Bearer ${options.secretKey}`) {
          return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
        }
        return send(res, 200, listIntents(made, url.searchParams));
      })
      .catch((error) => send(res, 500, { error: { type: 'api_error', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return fake;
}
