import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../../testing.js';
import { createMailService } from './mail-service.js';
import { suiteServer } from '../../../test/suite-server.js';

for (const dialect of DIALECTS) {
  describe(`mail service (${dialect})`, () => {
    let smtp: SMTPServer;
    let port = 0;
    const received: string[] = [];

    const suite = suiteServer(dialect);
    beforeAll(async () => {
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS'],
        onData(stream, _session, done) {
          let data = '';
          stream.on('data', (chunk: Buffer) => {
            data += chunk.toString('utf8');
          });
          stream.on('end', () => {
            received.push(data);
            done();
          });
        },
      });
      await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
      port = (smtp.server.address() as { port: number }).port;
    });
    afterAll(async () => {
      await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    });

    it('stores the message in the outbox without SMTP_URL', async () => {
      const mail = createMailService(suite.server.db, { smtpUrl: undefined });
      const sent = await mail.send({ to: 'a@example.com', subject: 'Hello', text: 'Body text' });
      expect(sent.via).toBe('outbox');
      const row = await suite.server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', sent.id)
        .executeTakeFirst();
      expect(row).toMatchObject({
        to_address: 'a@example.com',
        subject: 'Hello',
        text_body: 'Body text',
        sent_at: null,
      });
    });

    it('sends over SMTP when SMTP_URL is set and keeps a sent copy', async () => {
      const mail = createMailService(suite.server.db, { smtpUrl: `smtp://127.0.0.1:${port}` });
      const sent = await mail.send({ to: 'b@example.com', subject: 'Over SMTP', text: 'Delivered body' });
      expect(sent.via).toBe('smtp');
      expect(received.some((m) => m.includes('Subject: Over SMTP') && m.includes('Delivered body'))).toBe(true);
      const row = await suite.server.db
        .selectFrom('mail_outbox')
        .selectAll()
        .where('id', '=', sent.id)
        .executeTakeFirst();
      expect(row?.sent_at).not.toBeNull();
    });
  });
}
