import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { ServerConfig } from '../config.js';
import type { Database } from '../db/schema.js';
import { newId, nowIso } from '../ids.js';
import { nodeCounters } from '../operations/counters.js';
import { firstRetry } from './mail-retry.js';

/** A message to send (the outbox row it becomes is answered as `@tessera/core/contracts/outbox`'s `MailMessage`). */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  headers?: Record<string, string>;
  /** The website the mail is about (kept with outbox rows). */
  siteId?: string;
  /** Sender; defaults to `Tessera <no-reply@localhost>`. */
  from?: string;
  /**
   * The outbox row's id (a new one when omitted). A caller that must know later whether a message
   * went out (restock notifications) passes its own id and looks the row up.
   */
  id?: string;
}

export interface MailService {
  /** Sends over SMTP when `SMTP_URL` is set, otherwise stores the message in `mail_outbox`. */
  send(message: OutgoingMail): Promise<{ id: string; via: 'smtp' | 'outbox' }>;
}

const DEFAULT_FROM = 'Tessera <no-reply@localhost>';

/**
 * Outgoing mail (DESIGN "Data"): nodemailer over SMTP when `config.smtpUrl` is set; without it every
 * message becomes a row in `mail_outbox`, which the editor shows. SMTP sends are recorded in the
 * outbox too, with `sent_at` set, so the site keeps a copy of what it sent. A message SMTP refuses
 * is kept as `retrying` and sent again by the `mail-outbox` job (`mail-retry.ts`, issue 18).
 */
export function createMailService(db: Kysely<Database>, config: Pick<ServerConfig, 'smtpUrl'>): MailService {
  let transport: Transporter | undefined;
  if (config.smtpUrl) transport = nodemailer.createTransport(config.smtpUrl);

  const counted = nodeCounters(db).mails;
  return {
    async send(message) {
      try {
        const sent = await send(message);
        counted.sent++;
        return sent;
      } catch (error) {
        counted.failed++;
        throw error;
      }
    },
  };

  async function send(message: OutgoingMail): Promise<{ id: string; via: 'smtp' | 'outbox' }> {
    const id = message.id ?? newId();
    const row = {
      id,
      site_id: message.siteId ?? null,
      to_address: message.to,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      created_at: nowIso(),
      sent_at: null as string | null,
    };
    if (transport) {
      try {
        await transport.sendMail({
          from: message.from ?? DEFAULT_FROM,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          headers: message.headers,
        });
      } catch (error) {
        // Kept for the `mail-outbox` job to send again with backoff (`mail-retry.ts`); the caller still hears of it.
        await db
          .insertInto('mail_outbox')
          .values({
            ...row,
            ...firstRetry(error),
            envelope: JSON.stringify({ from: message.from, headers: message.headers }),
          })
          .execute()
          .catch(() => {});
        throw error;
      }
      row.sent_at = nowIso();
    }
    await db.insertInto('mail_outbox').values(row).execute();
    return { id, via: transport ? 'smtp' : 'outbox' };
  }
}
