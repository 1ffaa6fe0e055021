import type { Selectable } from 'kysely';
import type { SiteRowKey, Stamps } from './schema-columns.js';

// Owners, site users and their sessions, links and setup tokens of `Database` in schema.ts.
// Site users and owners (migration 0002). Session and reset ids are SHA-256 hashes of the token.

export interface OwnersTable extends SiteRowKey, Stamps {
  email: string;
  password_hash: string;
}

export interface OwnerRolesTable {
  owner_id: string;
  /** SPEC §6 website role code. */
  role: number;
}

export interface OwnerSessionsTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
}

export interface SiteUsersTable extends SiteRowKey, Stamps {
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  /** When the address was proven by a mailed link (migration 0013); null until then. */
  email_verified_at: string | null;
}

export interface SiteUserSessionsTable {
  id: string;
  site_user_id: string;
  xsrf_token: string;
  remember: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetsTable {
  id: string;
  site_user_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SiteUserCartsTable {
  site_user_id: string;
  cart_id: string;
  updated_at: string;
}

export type OwnerRow = Selectable<OwnersTable>;
export type SiteUserRow = Selectable<SiteUsersTable>;

// Owner invitations (migration 0009_admin). `id` is the SHA-256 of the link's token.

export interface OwnerInvitesTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

// Account security (migration 0013): owner reset links and site-user email verification links.

export interface OwnerPasswordResetsTable {
  id: string;
  owner_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface EmailVerificationsTable {
  id: string;
  site_user_id: string;
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

// First run (migration 0014): the one-time setup address printed while a site has no owner.

export interface SetupTokensTable {
  /** SHA-256 (hex) of the token in the printed address. */
  id: string;
  site_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** These tables by name, as `Database` (schema.ts) lists them. */
export interface AccountTables {
  owners: OwnersTable;
  owner_roles: OwnerRolesTable;
  owner_sessions: OwnerSessionsTable;
  site_users: SiteUsersTable;
  site_user_sessions: SiteUserSessionsTable;
  password_resets: PasswordResetsTable;
  site_user_carts: SiteUserCartsTable;
  owner_invites: OwnerInvitesTable;
  owner_password_resets: OwnerPasswordResetsTable;
  email_verifications: EmailVerificationsTable;
  setup_tokens: SetupTokensTable;
}
