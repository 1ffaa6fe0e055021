import type { FastifyInstance } from 'fastify';
import { registerFontRoutes } from './routes.js';

/**
 * Fonts of your own (issue 21): owner-uploaded font files, checked by parsing, stored in
 * FileStorage and served self-hosted from `/_fonts/<id>.<format>`. Owner routes under
 * `/api/config/design/own-fonts`. Font kits (`kits.ts`): stylesheets connected by address, under
 * `/api/config/design/font-kits`.
 */
export default async function fontsPlugin(app: FastifyInstance, options: FontsPluginOptions): Promise<void> {
  await registerFontRoutes(app, options);
}

export interface FontsPluginOptions {
  /** Where the site's saved design uses an uploaded family (empty when it does not): deleting is refused then. */
  usedBy(siteId: string, family: string): Promise<string[]>;
}
