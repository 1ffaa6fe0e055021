import { z } from 'zod';

// The site's owners as an administrator manages them (`/api/config/owners*`, admin group), and an
// invited owner accepting the invitation (`POST /api/owner-invites/accept`). The bodies stay in the
// server (its role table checks the codes).

/** One owner with their role codes (SPEC §6) and names. */
export const owner = z
  .object({
    id: z.string(),
    email: z.string(),
    roles: z.array(z.int()),
    roleNames: z.array(z.string()),
    /** Invited and has not set a password yet. */
    invitePending: z.boolean(),
    createdAt: z.string(),
  })
  .strict();

/** `GET /api/config/owners`, oldest first. */
export const ownersListing = z.object({ owners: z.array(owner) }).strict();

/** `POST /api/config/owners/invite` (201): the new owner and the one-time link also mailed to them. */
export const invitedOwner = z.object({ owner, inviteUrl: z.string() }).strict();

/** `PUT /api/config/owners/:id/roles`. */
export const ownerAnswer = z.object({ owner }).strict();

/** `DELETE /api/config/owners/:id`: the removed owner's id. */
export const ownerDeleted = z.object({ deleted: z.string() }).strict();

/** `POST /api/owner-invites/accept`: the password is set; sign in at `signIn`. */
export const inviteAccepted = z.object({ ok: z.literal(true), email: z.string(), signIn: z.string() }).strict();

export type Owner = z.infer<typeof owner>;
export type OwnersListing = z.infer<typeof ownersListing>;
export type InvitedOwner = z.infer<typeof invitedOwner>;
