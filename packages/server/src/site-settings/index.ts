import type { FastifyInstance } from 'fastify';

/**
 * Site settings API of SPEC §7 (multilingual settings, header/footer). A placeholder for now:
 * it claims its address space so these paths answer JSON rather than a page.
 */
export default async function siteSettingsPlugin(app: FastifyInstance): Promise<void> {
  app.get('/api/site-header-footer', async () => ({ header: '', footer: '' }));
  app.get('/api/multilingual/status', async () => ({ enabled: false }));
}
