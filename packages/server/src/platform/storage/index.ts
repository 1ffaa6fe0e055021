import { DiskStorage } from './disk-storage.js';
import type { FileStorage } from './file-storage.js';
import { S3Storage, type S3Settings } from './s3-storage.js';

export { copyMissingFiles } from './copy-files.js';
export { DiskStorage } from './disk-storage.js';
export { assertKey, contentTypeOf } from './file-storage.js';
export type { FileStorage, StoredFileEntry, StoredFileInfo } from './file-storage.js';
export { S3Storage, type S3Settings } from './s3-storage.js';
export {
  deleteSiteFiles,
  newSiteTakesRoot,
  rootFiles,
  SITES_FOLDER,
  scopedStorage,
  siteFileStorage,
  siteFilesPrefix,
  siteFolder,
} from './site-files.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where uploads and generated image variants are kept (platform/storage/). */
    fileStorage: FileStorage;
    /** One site's own files (`site-files.ts`): what every site-facing read, write and listing uses. */
    siteFiles: (siteId: string) => Promise<FileStorage>;
    /** Copies pictures drawn into the files folder (seed, starter template) into the bucket; nothing on disk storage. */
    copyDrawnFiles: () => Promise<number>;
  }
}

/** The S3-compatible bucket when one is configured, else the files folder on this machine. */
export function createFileStorage(options: { filesDir: string; s3?: S3Settings }): FileStorage {
  return options.s3 ? new S3Storage(options.s3) : new DiskStorage(options.filesDir);
}
