/** An owner as `GET /api/config/owners` lists them. */
export interface Owner {
  id: string;
  email: string;
  roles: number[];
  roleNames: string[];
  invitePending: boolean;
  createdAt: string;
}

export const OWNERS = '/api/config/owners';
export const OUTBOX = '/api/config/mail-outbox';
