import { z } from 'zod';
import { POPUP_LIMITS, POPUP_POSITION_NAMES } from '../editor/popup-overlay.js';

// The popup overlay as the owner edits it (`GET` and `PUT /api/config/popup`, content group; issue 10).
// It lives in the site settings at `website.popupOverlay`; the popup island shows it once per `version`.

const sitePath = z
  .string()
  .trim()
  .max(2083)
  .regex(/^(\/(?!\/)\S*)?$/, 'Link the button to a page of this site, such as /contact.');

const imageUrl = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9._~%/-]+$/, 'Choose an image from the file manager (/files/…).');

/** `PUT /api/config/popup`: the whole popup; `showAgain` shows it again to visitors who closed it. */
export const popupBody = z
  .object({
    enabled: z.boolean(),
    position: z.enum(POPUP_POSITION_NAMES as [string, ...string[]], {
      message: `Choose one of the nine positions: ${POPUP_POSITION_NAMES.join(', ')}.`,
    }),
    title: z.string().trim().min(1, 'Please enter a heading for the popup.').max(POPUP_LIMITS.titleMaxLength),
    body: z.string().trim().max(POPUP_LIMITS.bodyMaxLength).default(''),
    buttonLabel: z.string().trim().max(POPUP_LIMITS.buttonLabelMaxLength).default(''),
    buttonUrl: sitePath.default(''),
    image: z
      .object({ url: imageUrl, altText: z.string().trim().max(POPUP_LIMITS.imageAltMaxLength).default('') })
      .strict()
      .nullable()
      .default(null),
    /** Show it again to visitors who already closed or used it (a new version). */
    showAgain: z.boolean().default(false),
  })
  .strict()
  .refine((popup) => !popup.buttonUrl || popup.buttonLabel, {
    message: 'Enter the text of the button, or remove its link.',
    path: ['buttonLabel'],
  });

/** The popup as the editor reads it, with defaults for a site that never had one. */
export const popupView = z
  .object({
    enabled: z.boolean(),
    /** One of core's `POPUP_POSITION_NAMES` (`center` when unset). */
    position: z.string(),
    title: z.string(),
    body: z.string(),
    buttonLabel: z.string(),
    buttonUrl: z.string(),
    image: z.object({ url: z.string(), altText: z.string() }).strict().nullable(),
    /** Raised by `showAgain`: visitors who closed an older version see it again. */
    version: z.int(),
  })
  .strict();

/** `GET` and `PUT /api/config/popup`. */
export const popupAnswer = z.object({ popup: popupView }).strict();

export type PopupView = z.infer<typeof popupView>;
export type PopupAnswer = z.infer<typeof popupAnswer>;
