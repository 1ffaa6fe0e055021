import { SMTPServer } from 'smtp-server';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer, type TestServer } from '../src/testing.js';
import { suiteOf } from './suite-server.js';

/** One mail the capture server received, per recipient. */
export interface Received {
  to: string;
  raw: string;
}

/** Starts a local SMTP server on a free port that pushes every mail it gets into `received`. */
export function startSmtp(received: Received[]): Promise<{ smtp: SMTPServer; port: number }> {
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The servers under test keep pooled connections open; closing waits this long for them (the
    // default, 30 s, was most of some test files' time).
    closeTimeout: 200,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        for (const rcpt of session.envelope.rcptTo)
          received.push({ to: rcpt.address, raw: Buffer.concat(chunks).toString('utf8') });
        done();
      });
    },
  });
  return new Promise((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve({ smtp, port: (smtp.server.address() as { port: number }).port })),
  );
}

/** Closes a capture server started by `startSmtp` (nothing to do when it never started). */
export function stopSmtp(smtp: SMTPServer | undefined): Promise<void> {
  return new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
}

/**
 * The enclosing `describe`'s server (see `suiteOf`) with `config`, mailing to a capture SMTP server
 * that collects every mail into `received` (`smtpQuery`: the query of the server's smtpUrl); both are
 * closed after its tests.
 */
export function mailSuite(
  dialect: DialectName,
  config: Partial<ServerConfig> = {},
  smtpQuery = 'ignoreTLS=true',
): { server: TestServer; smtp: SMTPServer; received: Received[] } {
  const received: Received[] = [];
  return suiteOf(
    async () => {
      const { smtp, port } = await startSmtp(received);
      try {
        const smtpUrl = `smtp://127.0.0.1:${port}/?${smtpQuery}`;
        return { server: await startTestServer({ dialect, config: { ...config, smtpUrl } }), smtp, received };
      } catch (error) {
        await stopSmtp(smtp);
        throw error;
      }
    },
    async ({ server, smtp }) => {
      await server.close();
      await stopSmtp(smtp);
    },
  );
}
