import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import { siteOf } from './account-commands.js';
import { insertOwner, normalizeEmail, ownerByEmail } from './owner-session.js';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.js';
import { parseRole, ROLE_NAMES } from './roles.js';

export const CREATE_OWNER_USAGE = `Usage: tessera create-owner --email <address> --password <password> [--role <role>]...

  --role   a SPEC §6 role by name or code (admin, editor, store_manager, reporting, … or 1, 4, 8, 3, …);
           repeat it or separate roles with commas. Default: admin.
  --site   the website id (default: the first site).`;

export interface CreateOwnerInput {
  email: string;
  password: string;
  roles: number[];
  siteId?: string;
}

/** Reads the command's flags; an error message (for stderr) when they are incomplete or wrong. */
export function parseCreateOwnerArgs(
  argv: string[],
): { ok: true; input: CreateOwnerInput } | { ok: false; message: string } {
  let values: { email?: string; password?: string; role?: string[]; site?: string };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        role: { type: 'string', multiple: true },
        site: { type: 'string' },
      },
      strict: true,
    }));
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n\n${CREATE_OWNER_USAGE}` };
  }
  if (!values.email?.includes('@')) return { ok: false, message: `Give the owner's --email.\n\n${CREATE_OWNER_USAGE}` };
  const password = values.password ?? '';
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) {
    return { ok: false, message: `Give a --password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.` };
  }
  const names = (values.role ?? ['admin']).flatMap((r) => r.split(',')).filter((r) => r.trim() !== '');
  const roles: number[] = [];
  for (const name of names) {
    const role = parseRole(name);
    if (role === undefined) {
      return {
        ok: false,
        message: `Unknown role "${name}". Roles: ${Object.values(ROLE_NAMES).join(', ').toLowerCase()}.`,
      };
    }
    roles.push(role);
  }
  return { ok: true, input: { email: values.email, password, roles, siteId: values.site } };
}

/** Creates the owner; answers the line to print, or throws with a message a person can act on. */
export async function createOwnerCommand(db: Kysely<Database>, input: CreateOwnerInput): Promise<string> {
  const site = await siteOf(db, input.siteId);
  const email = normalizeEmail(input.email);
  const existing = await ownerByEmail(db, site.id, email);
  if (existing) throw new Error(`An owner with the email ${email} exists already.`);
  const owner = await insertOwner(db, { siteId: site.id, email, password: input.password, roles: input.roles });
  const roleNames = owner.roles.map((r) => ROLE_NAMES[r]).join(', ');
  return `Created owner ${email} (${roleNames}) of site ${site.id}.`;
}
