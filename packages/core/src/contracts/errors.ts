import { z } from 'zod';

/**
 * The body of every refused `/api/*` request: SPEC §7's `{ error, message }`. Some codes add their own
 * details (`fields`, `errors`, `captchaRequired`, …; see docs/api.md's error table), so other keys pass.
 */
export const errorAnswer = z.looseObject({ error: z.string(), message: z.string() });

export type ErrorAnswer = z.infer<typeof errorAnswer>;
