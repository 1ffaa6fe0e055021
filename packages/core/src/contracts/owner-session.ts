import { z } from 'zod';

// An owner's own session and password (`/api/config/session`, `/api/config/password-reset*`,
// `/api/config/account/password`). The bodies stay in the server (beside the sign-in pages that
// read the same fields from forms).

/** The signed-in owner: their site and role codes (SPEC §6). */
export const ownerSession = z
  .object({
    owner: z.object({ id: z.string(), email: z.string(), websiteId: z.string(), roles: z.array(z.int()) }).strict(),
  })
  .strict();

/** Signing out, asking for a reset link (answered alike whether the address is an owner's) and changing the password. */
export const ownerDone = z.object({ ok: z.literal(true) }).strict();

/** `POST /api/config/password-reset/complete`: the new password is set; sign in at `signIn`. */
export const resetCompleted = z.object({ ok: z.literal(true), signIn: z.string() }).strict();

export type OwnerSession = z.infer<typeof ownerSession>;
