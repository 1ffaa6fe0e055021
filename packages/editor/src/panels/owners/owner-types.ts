/** An owner as `GET /api/config/owners` lists them. */
export type { Owner } from '@tessera/core/contracts/owners';

export const OWNERS = '/api/config/owners';
export const OUTBOX = '/api/config/mail-outbox';
