import multipart from '@fastify/multipart';
import { fontIdParams as idParams, type OwnFont, ownFontsAnswer, ownFontUpload } from '@tessera/core/contracts/fonts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PostgresAdapter, type Transaction } from 'kysely';
import { z } from 'zod';
import { requireOwner } from '../auth/index.js';
import { parseInput } from '../../platform/http/validate.js';
import { newId } from '../../platform/ids.js';
import { siteRow } from '../../platform/db/site-row.js';
import type { Database } from '../../platform/db/schema.js';
import { FontParseError, type FontFormat, parseFont, sniffFontFormat } from './font-parse.js';
import { registerFontKitRoutes } from './kits.js';

/** Largest font file accepted, and how many fonts one site may keep. */
export const FONT_LIMITS = { maxBytes: 5 * 1024 * 1024, maxLabel: '5 MB', perSite: 40 } as const;

export const FONT_TYPES: Record<FontFormat, string> = {
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
};

const EXTENSIONS: Record<string, FontFormat> = { woff2: 'woff2', woff: 'woff', ttf: 'ttf', otf: 'otf' };
const fileParams = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(woff2|woff|ttf|otf)$/) }).strict();

const refuse = (reply: FastifyReply, status: number, error: string, message: string) =>
  reply.code(status).send({ error, message });

/**
 * Makes the rest of the transaction the only writer of the site's fonts until it ends, so a count
 * and the insert that follows it cannot interleave with another upload's (the per-site limit).
 * PostgreSQL locks the site's row (`SELECT … FOR UPDATE`); SQLite takes the database's write lock
 * with a no-op write, as `BEGIN IMMEDIATE` would (the same pattern as `updateSiteSettings`), on
 * `site_fonts` rather than `sites` so that no cached site content is forgotten.
 */
async function lockSiteFonts(trx: Transaction<Database>, siteId: string): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await trx.selectFrom('sites').select('id').where('id', '=', siteId).forUpdate().execute();
  } else {
    await trx
      .updateTable('site_fonts')
      .set((eb) => ({ site_id: eb.ref('site_id') }))
      .where('site_id', '=', siteId)
      .execute();
  }
}

/** Takes a stored font file out again; a failure is logged, not answered (the upload's outcome stands). */
async function removeFile(request: FastifyRequest, key: string): Promise<void> {
  await request.server.fileStorage.delete(key).catch((error: unknown) => {
    request.log.warn({ err: error, key }, 'could not remove a font file whose upload was not kept');
  });
}

/** Where an uploaded font is served from (long-cached: the id changes with the file). */
export const fontUrl = (font: { id: string; format: string }) => `/_fonts/${font.id}.${font.format}`;

/**
 * Owner API of "Your fonts" (issue 21, group `content`): list, upload (multipart, one font file a
 * request, checked by parsing), delete. Visitors get the files from `/_fonts/<id>.<format>`.
 */
export async function registerFontRoutes(
  app: FastifyInstance,
  options: { usedBy(siteId: string, family: string): Promise<string[]> },
): Promise<void> {
  await app.register(multipart, { limits: { fileSize: FONT_LIMITS.maxBytes, files: 1 } });
  const content = { preHandler: requireOwner('content') };
  const base = '/api/config/design/own-fonts';

  const list = async (siteId: string) => {
    const rows = await app.db
      .selectFrom('site_fonts')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy('family')
      .orderBy('weight')
      .execute();
    return {
      fonts: rows.map((row) => ({
        id: row.id,
        family: row.family,
        subfamily: row.subfamily,
        weight: row.weight,
        italic: row.italic === 1,
        format: row.format as OwnFont['format'],
        size: row.size,
        url: fontUrl(row),
      })),
    };
  };

  app.get(
    base,
    { ...content, config: { contract: { summary: "The site's own uploaded fonts", response: ownFontsAnswer } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return list(request.owner!.websiteId);
    },
  );

  app.post(
    base,
    {
      ...content,
      config: {
        contract: {
          summary: 'Upload a font file (multipart)',
          body: ownFontUpload,
          bodyType: 'multipart/form-data',
          response: { 201: ownFontsAnswer },
          errors: ['font-refused', 'font-too-large', 'too-many-fonts'],
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart())
        return refuse(reply, 400, 'unsupported-media-type', 'Send the font as a file upload.');
      const siteId = request.owner!.websiteId;
      const part = await request.file();
      if (!part) return refuse(reply, 400, 'font-refused', 'Choose a font file to upload.');
      const name = (part.filename ?? '').slice(0, 200);
      const extension = EXTENSIONS[/\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? ''];
      if (!extension) {
        part.file.resume();
        return refuse(
          reply,
          400,
          'font-refused',
          `“${name}” is not a font file: upload a .woff2, .woff, .ttf or .otf file.`,
        );
      }
      const bytes = await part.toBuffer().catch(() => undefined);
      if (!bytes || part.file.truncated) {
        return refuse(
          reply,
          413,
          'font-too-large',
          `“${name}” is larger than ${FONT_LIMITS.maxLabel}, the largest font accepted.`,
        );
      }
      const sniffed = sniffFontFormat(bytes);
      if (
        sniffed &&
        sniffed !== extension &&
        !(extension === 'ttf' && sniffed === 'otf') &&
        !(extension === 'otf' && sniffed === 'ttf')
      ) {
        return refuse(
          reply,
          400,
          'font-refused',
          `“${name}” is not a ${extension.toUpperCase()} file (its content is ${sniffed.toUpperCase()}).`,
        );
      }
      let info: ReturnType<typeof parseFont>;
      try {
        info = parseFont(bytes);
      } catch (error) {
        if (error instanceof FontParseError) return refuse(reply, 400, 'font-refused', `“${name}”: ${error.message}`);
        throw error;
      }
      const id = newId();
      const storageKey = `.fonts/${siteId}/${id}.${info.format}`;
      // The file goes first (the store is not part of the transaction); whenever the row is not
      // written after all (the site is full, the insert failed) the file is taken out again.
      await app.fileStorage.put(storageKey, bytes, FONT_TYPES[info.format]);
      let added: boolean;
      try {
        added = await app.db.transaction().execute(async (trx) => {
          await lockSiteFonts(trx, siteId);
          const count = await trx
            .selectFrom('site_fonts')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .where('site_id', '=', siteId)
            .executeTakeFirstOrThrow();
          if (Number(count.n) >= FONT_LIMITS.perSite) return false;
          await trx
            .insertInto('site_fonts')
            .values({
              id,
              site_id: siteId,
              family: info.family,
              subfamily: info.subfamily,
              weight: info.weight,
              italic: info.italic ? 1 : 0,
              format: info.format,
              storage_key: storageKey,
              size: bytes.byteLength,
              created_at: new Date().toISOString(),
            })
            .execute();
          return true;
        });
      } catch (error) {
        await removeFile(request, storageKey);
        throw error;
      }
      if (!added) {
        await removeFile(request, storageKey);
        return refuse(
          reply,
          409,
          'too-many-fonts',
          `A site can keep ${FONT_LIMITS.perSite} fonts; delete one before uploading another.`,
        );
      }
      reply.code(201);
      return list(siteId);
    },
  );

  app.delete(
    `${base}/:id`,
    {
      ...content,
      config: {
        contract: {
          summary: 'Delete an uploaded font',
          params: idParams,
          response: ownFontsAnswer,
          errors: ['font-not-found', 'font-in-use'],
        },
      },
    },
    async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const siteId = request.owner!.websiteId;
      const row = await siteRow(app.db, 'site_fonts', siteId, id);
      if (!row) return refuse(reply, 404, 'font-not-found', 'There is no uploaded font with this id.');
      const sameFamily = await app.db
        .selectFrom('site_fonts')
        .select('id')
        .where('site_id', '=', siteId)
        .where('family', '=', row.family)
        .execute();
      const uses = sameFamily.length === 1 ? await options.usedBy(siteId, row.family) : [];
      if (uses.length > 0) {
        return refuse(
          reply,
          409,
          'font-in-use',
          `${row.family} is in use (${uses.join(', ')}); choose another font there first.`,
        );
      }
      await app.db.deleteFrom('site_fonts').where('id', '=', id).execute();
      await app.fileStorage.delete(row.storage_key);
      return list(siteId);
    },
  );

  // A font is served only on the host of the site that uploaded it (404 on any other).
  // Font kits connected by stylesheet address (`kits.ts`); a family an uploaded font also provides stays.
  await registerFontKitRoutes(app, {
    guard: requireOwner,
    usedBy: options.usedBy,
    uploadedFamilies: async (siteId) =>
      (await app.db.selectFrom('site_fonts').select('family').where('site_id', '=', siteId).execute()).map(
        (row) => row.family,
      ),
  });

  app.get('/_fonts/:file', async (request, reply) => {
    const { file } = parseInput(fileParams, request.params);
    const [id, format] = file.split('.') as [string, FontFormat];
    const site = await app.services.content.getSiteForHost(request.hostname).catch(() => undefined);
    const row = site ? await siteRow(app.db, 'site_fonts', site.id, id) : undefined;
    const bytes = row && row.format === format ? await app.fileStorage.read(row.storage_key) : undefined;
    if (!bytes) return refuse(reply, 404, 'not-found', 'There is no such font.');
    reply.header('content-type', FONT_TYPES[format]);
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('access-control-allow-origin', '*');
    reply.header('x-content-type-options', 'nosniff');
    return reply.send(bytes);
  });
}
