import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema.js';
import { newId, nowIso } from '../../../platform/ids.js';
import { createSecretBox, SecretsError, secretsAvailable } from '../../../platform/secrets.js';
import type { HostedProviderId } from '../hosted.js';

/**
 * The payment provider keys an owner saved in the Store panel, one row per site and provider.
 * Everything secret is sealed with `platform/secrets.ts` under `TESSERA_SECRET_KEY`, bound to its
 * site and provider; only masked hints are kept in the clear for the panel.
 */

export type ConnectionMode = 'test' | 'live';

export interface LoadedConnection {
  mode: ConnectionMode;
  config: Record<string, string>;
}

export interface StoredConnectionSummary {
  provider: HostedProviderId;
  mode: ConnectionMode;
  hints: Record<string, string>;
  updatedAt: string;
  /** False when the sealed keys no longer open (the secret key changed): they must be saved again. */
  readable: boolean;
}

/** What the sealed value is bound to: a value copied to another site or provider does not open. */
function contextOf(siteId: string, provider: HostedProviderId): string {
  return `payment_connections:${siteId}:${provider}`;
}

function secretKeyOrEnv(secretKey: string | undefined): string | undefined {
  return secretKey ?? process.env.TESSERA_SECRET_KEY;
}

function openConfig(
  sealed: string,
  siteId: string,
  provider: HostedProviderId,
  secretKey: string | undefined,
): Record<string, string> | undefined {
  const material = secretKeyOrEnv(secretKey);
  if (!secretsAvailable(material)) return undefined;
  try {
    const parsed = JSON.parse(createSecretBox(material ?? '').open(sealed, contextOf(siteId, provider))) as unknown;
    if (!parsed || typeof parsed !== 'object') return undefined;
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  } catch (error) {
    if (error instanceof SecretsError || error instanceof SyntaxError) return undefined;
    throw error;
  }
}

/**
 * The saved connection of `provider` for the site, decrypted; undefined when there is none, or
 * when it cannot be opened (no `TESSERA_SECRET_KEY`, or a different one than sealed it).
 * `secretKey` defaults to `process.env.TESSERA_SECRET_KEY`; the server passes `app.config.secretKey`.
 */
export async function loadConnection(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
  secretKey?: string,
): Promise<LoadedConnection | undefined> {
  const row = await db
    .selectFrom('payment_connections')
    .select(['mode', 'config'])
    .where('site_id', '=', siteId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  if (!row) return undefined;
  const config = openConfig(row.config, siteId, provider, secretKey);
  if (!config) return undefined;
  return { mode: row.mode === 'live' ? 'live' : 'test', config };
}

/** `loadConnection` of several providers in one read (a checkout asks for every provider, issue 20). */
export async function loadConnections(
  db: Kysely<Database>,
  siteId: string,
  providers: readonly HostedProviderId[],
  secretKey?: string,
): Promise<Map<HostedProviderId, LoadedConnection>> {
  const loaded = new Map<HostedProviderId, LoadedConnection>();
  if (providers.length === 0) return loaded;
  const rows = await db
    .selectFrom('payment_connections')
    .select(['provider', 'mode', 'config'])
    .where('site_id', '=', siteId)
    .where('provider', 'in', providers)
    .execute();
  for (const row of rows) {
    const provider = row.provider as HostedProviderId;
    const config = openConfig(row.config, siteId, provider, secretKey);
    if (config) loaded.set(provider, { mode: row.mode === 'live' ? 'live' : 'test', config });
  }
  return loaded;
}

/** Every saved connection of the site, without its secrets (for the Store panel). */
export async function listConnections(
  db: Kysely<Database>,
  siteId: string,
  secretKey?: string,
): Promise<StoredConnectionSummary[]> {
  const rows = await db.selectFrom('payment_connections').selectAll().where('site_id', '=', siteId).execute();
  return rows
    .filter((row) => row.provider === 'stripe' || row.provider === 'paypal')
    .map((row) => {
      const provider = row.provider as HostedProviderId;
      let hints: Record<string, string> = {};
      try {
        hints = JSON.parse(row.hints) as Record<string, string>;
      } catch {
        // Unreadable hints: show none.
      }
      return {
        provider,
        mode: row.mode === 'live' ? 'live' : 'test',
        hints,
        updatedAt: row.updated_at,
        readable: openConfig(row.config, row.site_id, provider, secretKey) !== undefined,
      };
    });
}

/**
 * Seals and saves the keys of `provider` for the site, replacing any saved before. Throws
 * `SecretsError` (with the message to show) when there is no usable `TESSERA_SECRET_KEY`: a
 * secret is never stored in the clear.
 */
export async function saveConnection(
  db: Kysely<Database>,
  input: {
    siteId: string;
    provider: HostedProviderId;
    mode: ConnectionMode;
    config: Record<string, string>;
    hints: Record<string, string>;
    secretKey?: string;
  },
): Promise<void> {
  const box = createSecretBox(secretKeyOrEnv(input.secretKey) ?? '');
  const sealed = box.seal(JSON.stringify(input.config), contextOf(input.siteId, input.provider));
  const now = nowIso();
  const values = { mode: input.mode, config: sealed, hints: JSON.stringify(input.hints), updated_at: now };
  await db
    .insertInto('payment_connections')
    .values({ id: newId(), site_id: input.siteId, provider: input.provider, created_at: now, ...values })
    .onConflict((oc) => oc.columns(['site_id', 'provider']).doUpdateSet(values))
    .execute();
}

/** Forgets the saved keys of `provider` for the site; answers whether there were any. */
export async function deleteConnection(
  db: Kysely<Database>,
  siteId: string,
  provider: HostedProviderId,
): Promise<boolean> {
  const result = await db
    .deleteFrom('payment_connections')
    .where('site_id', '=', siteId)
    .where('provider', '=', provider)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
