import { isWebsiteRole, WebsiteRole } from '@tessera/core';

export { isWebsiteRole, ROLE_GROUP_NAMES, ROLE_GROUPS, type RoleGroup, rolesAllow } from '@tessera/core';

/** Role names by code, for the CLI and messages ("ADMIN", "STORE_MANAGER", …). */
export const ROLE_NAMES: Readonly<Record<number, string>> = Object.freeze(
  Object.fromEntries(Object.entries(WebsiteRole).map(([name, code]) => [code, name])),
);

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
