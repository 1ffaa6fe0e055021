import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOwner, createSiteUser } from '../../../../test/auth-helpers.js';
import { stopSmtp } from '../../../../test/smtp-capture.js';
import { Visitor } from '../../../../test/visitor.js';
import { DIALECTS, startTestServer, type TestServer } from '../../../testing.js';

// Password-reset requests answer before they look the address up (platform/http/after-answer.ts):
// storing and mailing a link for an owner's address took longer than finding none (over SMTP, far
// longer), and an SMTP failure answered 500 for owners only, so both told which addresses are
// owners'. Here the SMTP server holds every message until the test lets it go, or refuses it.

type Mode = 'hold' | 'refuse';

function startGatedSmtp() {
  const received: string[] = [];
  const held: Array<() => void> = [];
  const state = { mode: 'hold' as Mode };
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    closeTimeout: 200,
    onData(stream, session, done) {
      stream.resume();
      stream.on('end', () => {
        if (state.mode === 'refuse')
          return done(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        held.push(() => {
          for (const rcpt of session.envelope.rcptTo) received.push(rcpt.address);
          done();
        });
      });
    },
  });
  const port = new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port)),
  );
  const release = () => {
    for (const letGo of held.splice(0)) letGo();
  };
  return { smtp, port, received, held, state, release };
}

const waitFor = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return check();
};

for (const dialect of DIALECTS) {
  describe(`password-reset requests answer before the lookup and the mail (${dialect})`, () => {
    const gate = startGatedSmtp();
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        config: {
          smtpUrl: `smtp://127.0.0.1:${await gate.port}/?ignoreTLS=true`,
          signIn: { requestsPerAddress: 10_000 },
        },
      });
      await createOwner(server.db, { email: 'held-owner@example.com', password: 'held-owner-password', roles: [1] });
      await createSiteUser(server.db, { email: 'held-user@example.com', password: 'held-user-password' });
    });
    afterAll(async () => {
      gate.release();
      await server?.close();
      await stopSmtp(gate.smtp);
    });

    for (const [who, path, email] of [
      ['an owner', '/api/config/password-reset', 'held-owner@example.com'],
      ['a site user', '/api/site-users/account/password-reset', 'held-user@example.com'],
    ] as const) {
      it(`answers ${who}'s address while its mail is still held by the SMTP server, as for an unknown one`, async () => {
        gate.state.mode = 'hold';
        const v = new Visitor(server.url);
        const unknown = await v.post(path, { email: 'nobody-here@example.com' });
        // Before the fix this request waited for the SMTP server, which does not answer until released.
        const known = await v.post(path, { email });
        expect(known.status).toBe(200);
        expect(known.body).toEqual(unknown.body);
        expect(await waitFor(() => gate.held.length === 1)).toBe(true);
        expect(gate.received).toEqual([]);
        expect(server.app.afterAnswer.pending).toBe(1);

        gate.release();
        await server.app.afterAnswer.idle();
        expect(gate.received).toEqual([email]);
        gate.received.length = 0;
      });
    }

    it('answers the same when the SMTP server refuses an owner’s mail, and keeps it to send again', async () => {
      gate.state.mode = 'refuse';
      const v = new Visitor(server.url);
      const unknown = await v.post('/api/config/password-reset', { email: 'nobody-else@example.com' });
      const known = await v.post('/api/config/password-reset', { email: 'held-owner@example.com' });
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      await server.app.afterAnswer.idle();
      const kept = await server.db
        .selectFrom('mail_outbox')
        .select(['subject', 'sent_at'])
        .where('to_address', '=', 'held-owner@example.com')
        .where('sent_at', 'is', null)
        .execute();
      expect(kept.map((m) => m.subject)).toEqual([expect.stringContaining('Reset your owner password')]);
    });
  });
}
