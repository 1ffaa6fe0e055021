import { createReadStream } from 'node:fs';
import { FONT_USAGES } from '@tessera/core';
import {
  type DesignAnswer,
  DESIGN_REFUSAL,
  designAnswer,
  designChangesBody,
  designPreviewBody,
  type FontsAnswer,
  fontsAnswer,
  fontsQuery,
  type PreviewAnswer,
  previewAnswer,
  styleBody,
} from '@tessera/core/contracts/design';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { AppError } from '../../platform/errors/aliases.js';
import { parseInput } from '../../platform/http/validate.js';
import {
  DIRTY_PATHS,
  type Design,
  type DirtyPath,
  designCss,
  designUsageRules,
  designVariables,
  effectiveFonts,
  readDesign,
} from './design-model.js';
import { registerDesignEvents } from './design-events.js';
import { FONT_CATEGORIES, type FontFamily, fontFilePath, fontJson, loadFontCatalogue, searchFonts } from './fonts.js';
import { ownFontFamilies } from './own-fonts.js';
import { createSiteSettingsStore, objectOr, ownerOf, withStatus } from '../settings/index.js';

const fontParams = z.object({ family: z.string().max(80), file: z.string().max(120) });

/** Checks references inside a design after a change: active ids name a theme, families are installed. */
function checkDesign(design: Design, fonts: ReadonlyMap<string, FontFamily>): void {
  const colorIds = design.colors.themes.map((t) => t.id);
  const fontIds = design.fonts.themes.map((t) => t.id);
  if (new Set(colorIds).size !== colorIds.length)
    throw new AppError('invalid-body', 'colors.themes: Each theme id may appear once.');
  if (new Set(fontIds).size !== fontIds.length)
    throw new AppError('invalid-body', 'fonts.themes: Each theme id may appear once.');
  if (design.colors.activeThemeId !== null && !colorIds.includes(design.colors.activeThemeId)) {
    throw new AppError(
      'invalid-body',
      `colors.activeThemeId: There is no colour theme "${design.colors.activeThemeId}".`,
    );
  }
  if (design.fonts.activeThemeId !== null && !fontIds.includes(design.fonts.activeThemeId)) {
    throw new AppError('invalid-body', `fonts.activeThemeId: There is no font theme "${design.fonts.activeThemeId}".`);
  }
  const usages = design.fonts.fontUsageCategories.map((c) => c.id);
  if (new Set(usages).size !== usages.length) {
    throw new AppError('invalid-body', 'fonts.fontUsageCategories: Each category may appear once.');
  }
  const families = [
    ...design.fonts.themes.flatMap((t) => Object.values(t.fonts)),
    ...design.fonts.fontUsageCategories.map((c) => c.family),
  ];
  for (const family of families) {
    if (family && !fonts.has(family)) {
      throw new AppError('font-not-installed', `The font "${family}" is not installed on this server.`);
    }
  }
}

/**
 * Parses a design body with its contract (`designChangesBody`, `designPreviewBody`): the first problem
 * is the answer, `invalid-design-path` for a path that cannot be saved, else `invalid-body`.
 */
function parseDesignBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const code =
    issue?.code === 'custom' && issue.params?.error === 'invalid-design-path' ? 'invalid-design-path' : 'invalid-body';
  throw new AppError(code, issue?.message ?? DESIGN_REFUSAL.notObject);
}

function applyChanges(design: Design, parsed: Partial<Record<DirtyPath, unknown>>): void {
  for (const [path, value] of Object.entries(parsed) as [DirtyPath, unknown][]) {
    const [group, key] = path.split('.') as ['colors' | 'fonts', string];
    (design[group] as Record<string, unknown>)[key] = value;
  }
}

function designJson(design: Design): DesignAnswer {
  return {
    design,
    stylesheetUrl: `/site.css?v=${design.version}`,
    dirtyPaths: [...DIRTY_PATHS],
    fontUsages: [...FONT_USAGES],
  };
}

/**
 * Design panels' API (group `content`) and what the published site reads: `/site.css` (the saved
 * design as custom properties) and `/fonts/<family>/<file>.woff2` (installed `@fontsource` files).
 */
export default async function designPlugin(app: FastifyInstance): Promise<void> {
  const settingsStore = createSiteSettingsStore(app.db, app.services.content);
  const catalogue = loadFontCatalogue();
  const fonts = new Map(catalogue.map((f) => [f.id, f]));
  const guard = { preHandler: requireOwner('content') };
  // The routes that answer the whole design.
  const designRoute = { ...guard, config: { contract: { response: { 200: designAnswer } } } };
  const saveRoute = {
    ...guard,
    config: {
      contract: {
        summary: 'Save changed design paths',
        body: designChangesBody,
        response: { 200: designAnswer },
        errors: ['invalid-design-path', 'font-not-installed', 'design-conflict'],
      },
    },
  } as const;
  // The built-in families plus the site's uploaded ones (issue 21, `domains/fonts`).
  const uploaded = async (siteId: string): Promise<FontFamily[]> =>
    (await ownFontFamilies(app.db, siteId)).map((own) => ({
      ...own,
      category: 'Other',
      styles: ['normal'],
      filesDir: '',
    }));
  const fontsFor = async (siteId: string): Promise<ReadonlyMap<string, FontFamily>> => {
    const own = await uploaded(siteId);
    return own.length === 0 ? fonts : new Map([...fonts, ...own.map((f) => [f.id, f] as const)]);
  };

  app.get('/api/config/design', designRoute, async (request) => {
    const { settings } = await settingsStore.read(ownerOf(request).websiteId);
    return designJson(readDesign(objectOr(settings.website).design));
  });

  // Body: `{ "<dirty path>": value, … }`, only the SPEC §3 dirty paths; `version` (optional) is the
  // version the editor loaded, refused with 409 when someone saved since.
  app.put('/api/config/design', saveRoute, async (request) => {
    const { version, parsed } = parseDesignBody(designChangesBody, request.body);
    const siteFonts = await fontsFor(ownerOf(request).websiteId);
    const saved = await settingsStore.update(ownerOf(request).websiteId, (settings) => {
      const website = objectOr(settings.website);
      const design = readDesign(website.design);
      if (version !== undefined && version !== design.version) {
        throw withStatus(
          new AppError('design-conflict', 'Someone saved the design since you opened it. Reload to see their changes.'),
          409,
        );
      }
      applyChanges(design, parsed);
      checkDesign(design, siteFonts);
      design.version += 1;
      settings.website = { ...website, design };
      return design;
    });
    return designJson(saved);
  });

  const styleRoute = { ...guard, config: { contract: { body: styleBody, response: { 200: designAnswer } } } };
  app.put('/api/config/design/style', styleRoute, async (request) => {
    const body = parseInput(styleBody, request.body);
    const saved = await settingsStore.update(ownerOf(request).websiteId, (settings) => {
      const website = objectOr(settings.website);
      const design = readDesign(website.design);
      design.buttons = { ...design.buttons, ...body.buttons };
      design.animations = { ...design.animations, ...body.animations };
      design.version += 1;
      settings.website = { ...website, design };
      return design;
    });
    return designJson(saved);
  });

  // Live preview of unsaved changes (same body as PUT, `version` ignored): the variables and font
  // faces the editor applies to its preview frame. Nothing is stored.
  // `style` (optional, as for PUT /style) previews unsaved buttons and animations too.
  const previewRoute = {
    ...guard,
    config: {
      contract: {
        summary: 'Preview unsaved design changes (nothing is stored)',
        body: designPreviewBody,
        response: { 200: previewAnswer },
        errors: ['invalid-design-path', 'font-not-installed'],
      },
    },
  } as const;
  app.post('/api/config/design/preview', previewRoute, async (request) => {
    const { parsed, style } = parseDesignBody(designPreviewBody, request.body);
    const { settings } = await settingsStore.read(ownerOf(request).websiteId);
    const design = readDesign(objectOr(settings.website).design);
    applyChanges(design, parsed);
    const siteFonts = await fontsFor(ownerOf(request).websiteId);
    checkDesign(design, siteFonts);
    if (style) {
      design.buttons = { ...design.buttons, ...style.buttons };
      design.animations = { ...design.animations, ...style.animations };
    }
    const { variables, fontFaces } = designVariables(design, siteFonts);
    return { design, variables, fontFaces, usageRules: designUsageRules(variables) } satisfies PreviewAnswer;
  });

  registerDesignEvents(app, settingsStore);

  const fontsRoute = { ...guard, config: { contract: { query: fontsQuery, response: { 200: fontsAnswer } } } };
  app.get('/api/config/design/fonts', fontsRoute, async (request) => {
    const query = parseInput(fontsQuery, request.query, 'query');
    const { settings } = await settingsStore.read(ownerOf(request).websiteId);
    const inUse = effectiveFonts(readDesign(objectOr(settings.website).design));
    return {
      categories: [...FONT_CATEGORIES],
      fonts: [
        // The site's uploaded families first, marked `own` (issue 21).
        ...searchFonts(await uploaded(ownerOf(request).websiteId), query.q, query.category).map((font) => ({
          ...fontJson(font),
          own: true,
          ...(font.kitUrl ? { kit: font.kitUrl } : {}),
        })),
        ...searchFonts(catalogue, query.q, query.category).map(fontJson),
      ],
      inUse: Object.fromEntries(Object.entries(inUse).map(([usage, choice]) => [usage, choice?.family ?? null])),
    } satisfies FontsAnswer;
  });

  // The published design. `?v=` is only a cache key; the answer is always the current design.
  app.get('/site.css', async (request, reply) => {
    const site = await app.services.content.getSiteForHost(request.hostname);
    const design = readDesign(objectOr(site.websiteSettings).design);
    const asked = objectOr(request.query).v;
    reply.type('text/css; charset=utf-8');
    reply.header(
      'cache-control',
      asked === String(design.version) ? 'public, max-age=31536000, immutable' : 'no-cache',
    );
    return designCss(design, await fontsFor(site.id));
  });

  app.get('/fonts/:family/:file', async (request, reply) => {
    const params = fontParams.safeParse(request.params);
    const font = params.success ? fonts.get(params.data.family) : undefined;
    const path = font && params.success ? fontFilePath(font, params.data.file) : undefined;
    if (!path) throw new AppError('not-found');
    reply.type('font/woff2').header('cache-control', 'public, max-age=31536000, immutable');
    return reply.send(createReadStream(path));
  });
}
