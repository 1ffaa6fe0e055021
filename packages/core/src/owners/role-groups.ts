import { WebsiteRole } from '../enums/website-role.js';

const ALL_ROLES: readonly number[] = Object.freeze(Object.values(WebsiteRole));

/**
 * Which website roles (SPEC §6) may use which part of the owner API and the editor. SPEC leaves the
 * meaning of each role open; these groups are Tessera's choice, documented in `docs/security.md`.
 * Server routes name a group (`requireOwner('store')`); the editor shows the panels of the groups
 * the signed-in owner belongs to. One table, so the two never disagree.
 */
export const ROLE_GROUPS = Object.freeze({
  admin: Object.freeze([WebsiteRole.ADMIN]),
  content: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR]),
  store: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.STORE_MANAGER]),
  forms: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER]),
  reporting: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.REPORTING, WebsiteRole.STORE_MANAGER]),
  comments: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.MODERATOR]),
  // Listing and uploading files: content owners for pages and posts, store managers for product
  // images. Renaming and deleting a file stays with `content`.
  files: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER]),
  // Following an import's progress: whoever may start one (products: `store`, WordPress: `content`);
  // each import is shown only to owners of its own kind's group.
  imports: Object.freeze([WebsiteRole.ADMIN, WebsiteRole.EDITOR, WebsiteRole.STORE_MANAGER]),
  any: ALL_ROLES,
} satisfies Record<string, readonly number[]>);

export type RoleGroup = keyof typeof ROLE_GROUPS;

export const ROLE_GROUP_NAMES = Object.freeze(Object.keys(ROLE_GROUPS) as RoleGroup[]);

export function isWebsiteRole(value: unknown): value is number {
  return typeof value === 'number' && ALL_ROLES.includes(value);
}

/** True when at least one of the owner's roles belongs to the group. */
export function rolesAllow(roles: readonly number[], group: RoleGroup): boolean {
  const allowed = ROLE_GROUPS[group] as readonly number[];
  return roles.some((role) => allowed.includes(role));
}
