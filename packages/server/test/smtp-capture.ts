import { SMTPServer } from 'smtp-server';

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
