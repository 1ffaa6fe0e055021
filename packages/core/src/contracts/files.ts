import { z } from 'zod';
import { EDITOR_LIMITS, EDITOR_MESSAGES } from '../editor/editor-limits.js';

// The file manager's API (`/api/config/files`): uploads, the list, renames and deletions. Names follow
// core's `validateFileName` (the texts the file manager shows); what a file holds is checked by the
// server after reading it (its type matches its extension, a picture at most 40 megapixels).

const notAnOption = (issue: { input?: unknown }) => EDITOR_MESSAGES.notAnOption(String(issue.input));

/** A file name: not empty, at most 200 characters, no folders, no control characters, not hidden (a leading dot). */
export const fileName = z
  .string({ error: EDITOR_MESSAGES.fileNameRequired })
  .trim()
  .min(1, { error: EDITOR_MESSAGES.fileNameRequired })
  .max(200, { error: notAnOption })
  .regex(/^[^./\\\u0000-\u001f][^/\\\u0000-\u001f]*$/, { error: notAnOption });

/** `PATCH` and `DELETE /api/config/files/:name`: the file's name in the address. */
export const fileParams = z.object({ name: fileName });

/** `PATCH /api/config/files/:name`: the new name. */
export const renameFileBody = z.object({ name: fileName });
export type RenameFileInput = z.input<typeof renameFileBody>;

/**
 * `POST /api/config/files` (multipart/form-data): one or more files, each at most 20 MB, each part's
 * file name a `fileName` with a supported extension (jpg, png, webp, gif, mp3, mp4, pdf, txt).
 */
export const uploadFilesBody = z.object({
  file: z
    .array(z.file().max(EDITOR_LIMITS.maxUploadBytes))
    .max(20)
    .describe('The files, each as a part with its file name'),
});

// ---- answers ----

/** One file of the file manager. */
export const fileEntry = z.object({
  name: z.string(),
  size: z.int().nonnegative().describe('Bytes'),
  url: z.string().describe('Where visitors load it (`/files/<name>`)'),
  updatedAt: z.string(),
});
export type FileEntry = z.infer<typeof fileEntry>;

export const fileListAnswer = z.object({ files: z.array(fileEntry) });
export type FileList = z.infer<typeof fileListAnswer>;
export const fileAnswer = z.object({ file: fileEntry });
export type FileAnswer = z.infer<typeof fileAnswer>;
export const fileDeletedAnswer = z.object({ ok: z.literal(true) });
