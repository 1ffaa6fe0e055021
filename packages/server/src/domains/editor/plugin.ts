import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import {
  CollectionType,
  checkUpload,
  EDITOR_LIMITS,
  EDITOR_MESSAGES,
  escapeHtml,
  PageType,
  WebsiteRole,
} from '@tessera/core';
import { pageOrderBody, pageRestoreBody } from '@tessera/core/contracts/pages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireOwner, type OwnerIdentity, type RoleGroup } from '../auth/index.js';
import {
  rawCodeOf,
  sanitizeSections,
  blogPostsPlugin,
  blogTermsPlugin,
  createPageStore,
  createPageTrash,
} from '../content/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { type FileStorage, SITES_FOLDER } from '../../platform/storage/index.js';
import { CACHE_DIR, checkStoredFile, dropVariants, requireStoredFile } from '../files/index.js';
import { cartPillView } from '../cart/index.js';
import { serializeForScript } from '../../render/context-script.js';
import { loadSiteScope, pageContext } from '../../render/page-context.js';
import type { FontKitSource } from '../../render/font-kit-links.js';
import { REPO_ROOT } from '../../repo-paths.js';
import eventSeoPlugin from './event-seo.js';
import { EDITOR_CONTRACTS } from './contracts.js';
import {
  checkPageSettings,
  pageIdOf,
  parseCreatePage,
  parseDraft,
  fileNameOf,
  parseFileName,
  renameTarget,
} from './page-input.js';
import type { RouteContract } from '../../platform/http/openapi.js';
import { popupPlugin, readThemeSource, type ThemeSource } from '../design/index.js';

const EDITOR_DIST = join(REPO_ROOT, 'packages/editor/dist');
export const EDITOR_ENTRY = 'src/main.tsx';

export interface EditorPluginOptions {
  filesDir: string;
  editorDist?: string;
  /** The site's live theme copy over the default's sources (theme editor; handed in by app.ts). */
  liveTheme?: (siteId: string, source: ThemeSource) => Promise<ThemeSource>;
  /** The site's font kits (issue 21): the editor links them to show their families, so its CSP allows them. */
  fontKits?: FontKitSource;
}

/** The owner guard of a role group, with the route's published contract (`contracts.ts`). */
const content = (contract: RouteContract, group: RoleGroup = 'content') => ({
  preHandler: requireOwner(group),
  config: { contract },
});
const ownerOf = (request: FastifyRequest) => request.owner as OwnerIdentity;

function body(request: FastifyRequest): Record<string, unknown> {
  const value = request.body;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new AppError('invalid-body');
  return value as Record<string, unknown>;
}

/** The editor's entry script and style sheet from the Vite manifest, read on each shell request (cheap, and sees rebuilds). */
function editorAssets(dist: string): { script?: string; styles: string[] } {
  try {
    const manifest = JSON.parse(readFileSync(join(dist, 'manifest.json'), 'utf8')) as Record<
      string,
      { file: string; css?: string[] }
    >;
    const entry = manifest[EDITOR_ENTRY];
    if (!entry) return { styles: [] };
    return { script: `/config/${entry.file}`, styles: (entry.css ?? []).map((file) => `/config/${file}`) };
  } catch {
    return { styles: [] };
  }
}

/**
 * The site editor: the app shell at `/config` (its bundle at `/config/assets/*`), and the owner page
 * API under `/api/config/pages` and `/api/config/files`, each behind `requireOwner('content')`, except
 * listing and uploading files, which store managers may do too (`requireOwner('files')`, product images).
 * Drafts are stored beside the published sections and reach visitors only through publish.
 */
export default async function editorPlugin(app: FastifyInstance, options: EditorPluginOptions): Promise<void> {
  const pages = createPageStore(app.db);
  const theme = app.services.theme;
  const dist = options.editorDist ?? EDITOR_DIST;
  const filesRoot = resolve(options.filesDir);
  const trash = createPageTrash(app.db);
  const invalidate = (siteId: string) => app.services.content.invalidate(siteId);

  await app.register(multipart, { limits: { fileSize: EDITOR_LIMITS.maxUploadBytes, files: 20 } });
  // Blog posts, the tag and category manager and the popup overlay (their own files).
  await app.register(blogPostsPlugin);
  await app.register(blogTermsPlugin);
  await app.register(eventSeoPlugin);
  await app.register(popupPlugin);
  if (existsSync(join(dist, 'assets'))) {
    await app.register(fastifyStatic, {
      root: join(dist, 'assets'),
      prefix: '/config/assets/',
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      preCompressed: true,
    });
  }

  // The editor shell: every /config address the editor routes in the browser.
  const shell = async (request: FastifyRequest, reply: FastifyReply) => {
    const owner = ownerOf(request);
    const { script, styles } = editorAssets(dist);
    // Which site this is (one install serves several, each on its host): shown in the editor's navigation.
    const site = await app.db
      .selectFrom('sites')
      .select(['title', 'host', 'currency'])
      .where('id', '=', owner.websiteId)
      .executeTakeFirst();
    // The font panels show kit families in their own face: this site's kits only (issue 21). The
    // policy is fixed for the page's life, so the editor is told which kits it allows.
    const kits = await options.fontKits?.(owner.websiteId);
    const boot = serializeForScript({
      owner: { email: owner.email, roles: owner.roles },
      websiteId: owner.websiteId,
      site: { title: site?.title ?? '', host: site?.host ?? null, currency: site?.currency ?? 'USD' },
      fontKits: kits?.stylesheets ?? [],
    });
    const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(site?.title ? `${site.title} · Tessera editor` : 'Tessera editor')}</title>${styles.map((href) => `<link rel="stylesheet" href="${href}">`).join('')}</head>
<body><div id="editor-root">${script ? '' : '<p>The editor is not built yet: run <code>npm run build</code>.</p>'}</div>
<script type="application/json" id="editor-boot">${boot}</script>
${script ? `<script type="module" src="${script}"></script>` : ''}</body></html>`;
    if (kits) reply.header('content-security-policy', kits.policy);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
  };
  app.get('/config', { preHandler: requireOwner('any') }, shell);
  app.get('/config/*', { preHandler: requireOwner('any') }, shell);

  app.get('/api/config/pages', content(EDITOR_CONTRACTS.listPages), async (request) => ({
    pages: await pages.list(ownerOf(request).websiteId),
  }));

  app.post('/api/config/pages', content(EDITOR_CONTRACTS.createPage), async (request) => {
    const input = parseCreatePage(request.body);
    const siteId = ownerOf(request).websiteId;
    const page = await pages.create(siteId, input);
    invalidate(siteId);
    return { page };
  });

  app.put('/api/config/pages/order', content(EDITOR_CONTRACTS.orderPages), async (request) => {
    const parsed = pageOrderBody.safeParse(body(request));
    if (!parsed.success) throw new AppError('invalid-body');
    const entries = parsed.data.order.map((e) => ({ id: e.id, parentId: e.parentId ?? null }));
    const siteId = ownerOf(request).websiteId;
    await pages.reorder(siteId, entries);
    invalidate(siteId);
    return { pages: await pages.list(siteId) };
  });

  app.post('/api/config/pages/restore', content(EDITOR_CONTRACTS.restorePage), async (request) => {
    const parsed = pageRestoreBody.safeParse(body(request));
    if (!parsed.success) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    const siteId = ownerOf(request).websiteId;
    const page = await trash.restore(siteId, parsed.data.token);
    invalidate(siteId);
    return { page };
  });

  app.get('/api/config/pages/:id', content(EDITOR_CONTRACTS.page), async (request) =>
    pages.get(ownerOf(request).websiteId, pageIdOf(request.params)),
  );

  app.put('/api/config/pages/:id/draft', content(EDITOR_CONTRACTS.saveDraft), async (request) => {
    // Owner HTML is stored cleaned; only administrators keep a raw code block (finding 9).
    const owner = ownerOf(request);
    const allowRaw = owner.roles.includes(WebsiteRole.ADMIN);
    const stored = allowRaw ? undefined : await pages.get(owner.websiteId, pageIdOf(request.params));
    const storedRaw = stored ? rawCodeOf([...stored.published.sections, ...stored.draft.sections]) : undefined;
    const sections = sanitizeSections(parseDraft(request.body), { allowRaw, storedRaw });
    return pages.saveDraft(owner.websiteId, pageIdOf(request.params), sections);
  });

  app.delete('/api/config/pages/:id/draft', content(EDITOR_CONTRACTS.discardDraft), async (request) => {
    await pages.discardDraft(ownerOf(request).websiteId, pageIdOf(request.params));
    return { ok: true };
  });

  app.post('/api/config/pages/:id/publish', content(EDITOR_CONTRACTS.publishPage), async (request) => {
    const siteId = ownerOf(request).websiteId;
    const page = await pages.publish(siteId, pageIdOf(request.params));
    invalidate(siteId);
    return page;
  });

  app.patch('/api/config/pages/:id', content(EDITOR_CONTRACTS.pageSettings), async (request, reply) => {
    const result = checkPageSettings(request.body);
    if (!result) throw new AppError('invalid-body');
    if (!result.ok) {
      const [field, message] = Object.entries(result.errors)[0];
      return reply.code(400).send({ error: 'invalid-body', message, field, errors: result.errors });
    }
    const siteId = ownerOf(request).websiteId;
    const page = await pages.updateSettings(siteId, pageIdOf(request.params), result.value);
    invalidate(siteId);
    return page;
  });

  app.post('/api/config/pages/:id/duplicate', content(EDITOR_CONTRACTS.duplicatePage), async (request) => {
    const siteId = ownerOf(request).websiteId;
    const page = await pages.duplicate(siteId, pageIdOf(request.params));
    invalidate(siteId);
    return { page };
  });

  app.delete('/api/config/pages/:id', content(EDITOR_CONTRACTS.deletePage), async (request) => {
    const siteId = ownerOf(request).websiteId;
    // Kept in the database for undo (page-trash.ts), so any server process can restore it.
    const deleted = await trash.trash(siteId, pageIdOf(request.params));
    invalidate(siteId);
    return deleted;
  });

  // The theme's templates and partials, so the editor renders previews with the same sources.
  // With the site's live theme copy over the default (theme editor, `domains/site-themes/`).
  app.get('/api/config/theme', content(EDITOR_CONTRACTS.theme), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const source = readThemeSource(theme.dir);
    return options.liveTheme ? options.liveTheme(ownerOf(request).websiteId, source) : source;
  });

  /**
   * The context the pages plugin renders a sections page with (content-page template inside the
   * layout), for the page's draft; the editor renders the sections itself and fills
   * `page.sectionsHtml`, so an edit shows without a round trip.
   */
  app.get('/api/config/pages/:id/preview-context', content(EDITOR_CONTRACTS.previewContext), async (request) => {
    const owner = ownerOf(request);
    const doc = await pages.get(owner.websiteId, pageIdOf(request.params));
    const site = await loadSiteScope(app.services.content as never, request.hostname);
    if (!site || site.id !== owner.websiteId) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    const path = doc.summary.slug === 'home' ? '/' : `/${doc.summary.slug}`;
    const isSplash = doc.summary.type === CollectionType.SPLASH_PAGE;
    const pageType = isSplash
      ? PageType.SPLASH_PAGE
      : doc.settings.passwordProtected
        ? PageType.PROTECTED_CONTENT
        : PageType.PAGE;
    const title = doc.settings.title;
    const context = pageContext(
      site,
      { pageType, path, title, membersOnly: doc.settings.membersOnly, hideChrome: isSplash },
      // No visitor scripts inside the editor's preview frame.
      { stylesheet: theme.stylesheetUrl, loaderSrc: undefined },
    );
    const page = context.page as Record<string, unknown>;
    // The site's font kits, so kit families show on the canvas too (the editor's policy allows them).
    const kits = await options.fontKits?.(owner.websiteId);
    return {
      template: 'content-page',
      settings: { locale: site.locale, timeZone: site.timeZone },
      context: {
        ...context,
        cart: null,
        cartPill: cartPillView(undefined, site.currency, site.locale),
        collection: { id: doc.summary.id, title, fullUrl: path, description: doc.settings.seoDescription },
        page: {
          blocksStylesheet: theme.blocksStylesheetUrl,
          ...page,
          sectionsHtml: '',
          // The form and newsletter blocks' styles, for blocks added while editing.
          extraStylesheets: [
            ...(kits?.stylesheets ?? []).map((href) => ({ href })),
            { href: theme.assetUrl('forms.css') },
          ],
          bodyClass: path === '/' ? 'is-home' : `is-${doc.summary.kind || 'page'} page-${doc.summary.slug}`,
          isSplash,
          lang: '',
          isCart: false,
          showCartPill: true,
        },
      },
    };
  });

  // File manager: the owner's site's files (`/files/<name>`; `platform/storage/site-files.ts`).
  const filesOf = (request: FastifyRequest) => app.siteFiles(ownerOf(request).websiteId);
  const fileInfo = (file: { key: string; size: number; lastModified: Date }) => ({
    name: file.key,
    size: file.size,
    url: `/files/${encodeURIComponent(file.key)}`,
    updatedAt: file.lastModified.toISOString(),
  });
  const storedInfo = async (storage: FileStorage, name: string) => {
    const found = await storage.head(name);
    if (!found) throw new AppError('not-found', EDITOR_MESSAGES.unableToLocate);
    return fileInfo({ key: name, ...found });
  };
  // A name the file name rules take stays inside the files folder (and out of the other sites' folder).
  const inside = (name: string): string => {
    if (!resolve(filesRoot, name).startsWith(`${filesRoot}/`) || name === SITES_FOLDER)
      throw new AppError('invalid-body', EDITOR_MESSAGES.notAnOption(name));
    return name;
  };

  app.get('/api/config/files', content(EDITOR_CONTRACTS.listFiles, 'files'), async (request) => {
    const storage = await filesOf(request);
    const files = (await storage.list('')).filter((file) => !file.key.startsWith('.'));
    return { files: files.map(fileInfo) };
  });

  app.post('/api/config/files', content(EDITOR_CONTRACTS.uploadFiles, 'files'), async (request, reply) => {
    if (!request.isMultipart()) throw new AppError('unsupported-media-type');
    const storage = await filesOf(request);
    const saved: ReturnType<typeof fileInfo>[] = [];
    for await (const part of request.files()) {
      const name = inside(parseFileName(part.filename ?? ''));
      const refused = checkUpload(name, 0);
      if (refused) {
        part.file.resume();
        return reply.code(400).send({ error: 'unsupported-file', message: refused });
      }
      // Read whole (uploads are bounded by EDITOR_LIMITS), checked, then stored in one write.
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.file.truncated) {
        return reply
          .code(413)
          .send({ error: 'file-too-large', message: EDITOR_MESSAGES.fileTooLarge(name, EDITOR_LIMITS.maxUploadLabel) });
      }
      const bytes = Buffer.concat(chunks);
      // The content must be what the extension says, and a picture at most 40 megapixels (finding 8).
      await checkStoredFile(bytes, name);
      let target = name;
      for (let n = 2; await storage.head(target); n++) target = name.replace(/(\.[^.]*)?$/, (ext) => `-${n}${ext}`);
      await storage.put(target, bytes);
      await dropVariants(storage, CACHE_DIR, target);
      saved.push(await storedInfo(storage, target));
    }
    return { files: saved };
  });

  app.patch('/api/config/files/:name', content(EDITOR_CONTRACTS.renameFile), async (request) => {
    const from = inside(fileNameOf(request.params));
    const to = inside(renameTarget(request.body));
    const storage = await filesOf(request);
    // Finding 11: files only (never a folder), and the new name passes the upload checks.
    await requireStoredFile(storage, from, 'rename');
    if (from !== to && (await storage.head(to))) throw new AppError('invalid-body', EDITOR_MESSAGES.renameFailed);
    await checkStoredFile((await storage.read(from)) ?? Buffer.alloc(0), to);
    if (from !== to) await storage.move(from, to);
    await dropVariants(storage, CACHE_DIR, from);
    await dropVariants(storage, CACHE_DIR, to);
    return { file: await storedInfo(storage, to) };
  });

  app.delete('/api/config/files/:name', content(EDITOR_CONTRACTS.deleteFile), async (request) => {
    const name = inside(fileNameOf(request.params));
    const storage = await filesOf(request);
    await requireStoredFile(storage, name, 'delete');
    await storage.delete(name);
    await dropVariants(storage, CACHE_DIR, name);
    return { ok: true };
  });
}
