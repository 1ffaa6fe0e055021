import { WebsiteRole } from '@tessera/core';

const ALL_ROLES: readonly number[] = Object.freeze(Object.values(WebsiteRole));

/**
 * Which website roles (SPEC §6) may use which part of the owner API. SPEC leaves the meaning of
 * each role open; these groups are Tessera's choice, documented in `docs/security.md`. Routes
 * name a group (`requireOwner('store')`), never a raw list of codes.
 */
export const ROLE_GROUPS = Object.freeze({
  admin: Object.freeze([WebsiteRole.ADMIN]),
  content: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR]),
  store: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER]),
  forms: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER]),
  reporting: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.REPORTING, WebsiteRole.STORE_MANAGER]),
  comments: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.MODERATOR]),
  any: ALL_ROLES,
} satisfies Record<string, readonly number[]>);

export type RoleGroup = keyof typeof ROLE_GROUPS;

export const ROLE_GROUP_NAMES = Object.freeze(Object.keys(ROLE_GROUPS) as RoleGroup[]);

/** Role names by code, for the CLI and messages ("ADMIN", "STORE_MANAGER", …). */
export const ROLE_NAMES: Readonly<Record<number, string>> = Object.freeze(
  Object.fromEntries(Object.entries(WebsiteRole).map(([name, code]) => [code, name])),
);

export function isWebsiteRole(value: unknown): value is number {
  return typeof value === 'number' && ALL_ROLES.includes(value);
}

/** Reads a role given as a code ("1") or a name ("admin", "STORE_MANAGER"); undefined when unknown. */
export function parseRole(text: string): number | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) {
    const code = Number(trimmed);
    return isWebsiteRole(code) ? code : undefined;
  }
  const code = (WebsiteRole as Record<string, number>)[trimmed.toUpperCase().replace(/-/g, '_')];
  return code;
}

/** True when at least one of the owner's roles belongs to the group. */
export function rolesAllow(roles: readonly number[], group: RoleGroup): boolean {
  const allowed = ROLE_GROUPS[group] as readonly number[];
  return roles.some((role) => allowed.includes(role));
}
