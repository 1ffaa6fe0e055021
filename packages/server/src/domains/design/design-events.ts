import type { FastifyInstance } from 'fastify';
import { designEventAnswer, designEventBody } from '@tessera/core/contracts/design';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { recordServerEvent } from '../tracking/index.js';
import { objectOr, ownerOf, type SiteSettingsStore } from '../settings/index.js';

/** The stored event name of a font-pack change (SPEC §4), in `tracking_events` with source `server`. */
export const FONT_PACK_CHANGE_EVENT = 'FontPackChange';

/**
 * `POST /api/config/design/events`: the design panel's own events. The visitor tracking endpoints
 * skip signed-in owners in the config area (SPEC §6), so an editor event would never be stored
 * there; this owner route stores it in the same `tracking_events` table, unless the site switched
 * tracking off.
 */
export function registerDesignEvents(app: FastifyInstance, settingsStore: SiteSettingsStore): void {
  app.post(
    '/api/config/design/events',
    {
      preHandler: requireOwner('content'),
      config: { contract: { body: designEventBody, response: { 202: designEventAnswer } } },
    },
    async (request, reply) => {
      const body = parseInput(designEventBody, request.body);
      const owner = ownerOf(request);
      const { settings } = await settingsStore.read(owner.websiteId);
      if (objectOr(settings.website).trackingEnabled === false) return reply.code(202).send({ stored: false });
      await recordServerEvent(app.db, {
        siteId: owner.websiteId,
        name: FONT_PACK_CHANGE_EVENT,
        data: { transition: body.transition, fontPackId: body.fontPackId },
      });
      return reply.code(202).send({ stored: true });
    },
  );
}
