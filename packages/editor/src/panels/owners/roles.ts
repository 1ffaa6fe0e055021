import { ROLE_GROUPS, type RoleGroup, WebsiteRole } from '@tessera/core';

/** Role names as the owners panel shows them (SPEC §6 codes). */
export const ROLE_LABELS: Readonly<Record<number, string>> = Object.freeze({
  [WebsiteRole.ADMIN]: 'Administrator',
  [WebsiteRole.BILLING]: 'Billing',
  [WebsiteRole.REPORTING]: 'Reporting',
  [WebsiteRole.EDITOR]: 'Editor',
  [WebsiteRole.MODERATOR]: 'Moderator',
  [WebsiteRole.COMMENTER]: 'Commenter',
  [WebsiteRole.STORE_MANAGER]: 'Store manager',
  [WebsiteRole.SCHEDULING]: 'Scheduling',
  [WebsiteRole.VIEWER]: 'Viewer',
  [WebsiteRole.CAMPAIGNS_EDITOR]: 'Campaigns editor',
  [WebsiteRole.SCHEDULING_VIEWER]: 'Scheduling viewer',
  [WebsiteRole.SCHEDULING_EDITOR]: 'Scheduling editor',
});

export const ROLE_CODES: readonly number[] = Object.freeze(Object.values(WebsiteRole));

// `files` (listing and uploading) and `imports` (following an import) are only parts of `content`
// and `store`, so they add nothing here.
type Reach = Exclude<RoleGroup, 'any' | 'files' | 'imports'>;
const GROUP_LABELS: Readonly<Record<Reach, string>> = {
  admin: 'settings and owners',
  content: 'pages and design',
  store: 'products and orders',
  forms: 'forms',
  reporting: 'analytics',
  comments: 'comments',
};

/** What a role opens in the editor, e.g. "products and orders, forms, analytics". */
export function roleReach(role: number): string {
  const reach = (Object.keys(GROUP_LABELS) as Reach[])
    .filter((group) => (ROLE_GROUPS[group] as readonly number[]).includes(role))
    .map((group) => GROUP_LABELS[group]);
  return reach.length ? reach.join(', ') : 'their own account only';
}

export function roleNames(roles: readonly number[]): string {
  return roles.map((r) => ROLE_LABELS[r] ?? `Role ${r}`).join(', ');
}
