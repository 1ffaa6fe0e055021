/** Website role codes (SPEC §6). Code 5 is unassigned. */
export const WebsiteRole = Object.freeze({
  ADMIN: 1,
  BILLING: 2,
  REPORTING: 3,
  EDITOR: 4,
  MODERATOR: 6,
  COMMENTER: 7,
  STORE_MANAGER: 8,
  SCHEDULING: 9,
  VIEWER: 10,
  CAMPAIGNS_EDITOR: 11,
  SCHEDULING_VIEWER: 12,
  SCHEDULING_EDITOR: 13,
} as const);

export type WebsiteRole = (typeof WebsiteRole)[keyof typeof WebsiteRole];
