import { POPUP_POSITION_NAMES } from '@tessera/core';
import { type PopupView, popupAnswer, popupBody } from '@tessera/core/contracts/popup';
import type { FastifyInstance } from 'fastify';
import { createSiteSettingsStore, objectOr, ownerOf } from '../settings/index.js';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';

/**
 * The popup overlay's owner API (issue 10), behind `requireOwner('content')`: `GET` and `PUT
 * /api/config/popup`. The popup lives in the site settings at `website.popupOverlay`, where the
 * pages read it (render/page-context.ts) and the popup island shows it once per `version`. Saving
 * keeps the version unless the owner asks to show the popup again to visitors who closed it.
 */

/** The popup as the editor reads it, with defaults for a site that never had one. */
function popupView(stored: Record<string, unknown>): PopupView {
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

  app.get('/api/config/popup', { ...content, config: { contract: { response: popupAnswer } } }, async (request) => {
    const { settings } = await settingsStore.read(ownerOf(request).websiteId);
    return { popup: popupView(objectOr(objectOr(settings.website).popupOverlay)) };
  });

  const saveContract = { body: popupBody, response: popupAnswer };
  app.put('/api/config/popup', { ...content, config: { contract: saveContract } }, async (request) => {
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
