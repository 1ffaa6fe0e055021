import { POPUP_LIMITS, POPUP_POSITION_NAMES } from '@tessera/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { createSiteSettingsStore, objectOr, ownerOf } from '../settings/site-settings-store.js';
import { requireOwner } from '../auth/owner-guard.js';
import { parseInput } from '../../platform/http/validate.js';

/**
 * The popup overlay's owner API (issue 10), behind `requireOwner('content')`: `GET` and `PUT
 * /api/config/popup`. The popup lives in the site settings at `website.popupOverlay`, where the
 * pages read it (render/page-context.ts) and the popup island shows it once per `version`. Saving
 * keeps the version unless the owner asks to show the popup again to visitors who closed it.
 */

const sitePath = z
  .string()
  .trim()
  .max(2083)
  .regex(/^(\/(?!\/)\S*)?$/, 'Link the button to a page of this site, such as /contact.');

const imageUrl = z
  .string()
  .max(500)
  .regex(/^\/files\/[A-Za-z0-9._~%/-]+$/, 'Choose an image from the file manager (/files/…).');

const popupBody = z
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
function popupView(stored: Record<string, unknown>) {
  const image = objectOr(stored.image);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    enabled: stored.enabled === true,
    position:
      typeof stored.position === 'string' && POPUP_POSITION_NAMES.includes(stored.position)
        ? stored.position
        : 'center',
    title: text(stored.title),
    body: text(stored.body),
    buttonLabel: text(stored.buttonLabel),
    buttonUrl: text(stored.buttonUrl),
    image: typeof image.url === 'string' ? { url: image.url, altText: text(image.altText) } : null,
    version: Number.isInteger(stored.version) ? (stored.version as number) : 1,
  };
}

export default async function popupPlugin(app: FastifyInstance): Promise<void> {
  const settingsStore = createSiteSettingsStore(app.db, app.services.content);
  const content = { preHandler: requireOwner('content') };

  app.get('/api/config/popup', content, async (request) => {
    const { settings } = await settingsStore.read(ownerOf(request).websiteId);
    return { popup: popupView(objectOr(objectOr(settings.website).popupOverlay)) };
  });

  app.put('/api/config/popup', { ...content, config: { contract: { body: popupBody } } }, async (request) => {
    const input = parseInput(popupBody, request.body);
    const { showAgain, ...fields } = input;
    const popup = await settingsStore.update(ownerOf(request).websiteId, (settings) => {
      const website = objectOr(settings.website);
      const current = objectOr(website.popupOverlay);
      const version = popupView(current).version;
      // Keys the editor does not show (e.g. a delay) stay as they were.
      const next = { ...current, ...fields, version: showAgain ? version + 1 : version };
      settings.website = { ...website, popupOverlay: next };
      return popupView(next);
    });
    return { popup };
  });
}
