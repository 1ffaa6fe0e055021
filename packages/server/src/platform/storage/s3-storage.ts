import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  assertKey,
  contentTypeOf,
  type FileStorage,
  type StoredFileEntry,
  type StoredFileInfo,
} from './file-storage.js';

// Files in one bucket of an S3-compatible object store (AWS S3, MinIO, Ceph, R2, …), shared by
// every node. Objects are written whole from memory (uploads are at most a few tens of MB), so
// no multipart upload is needed and the request carries a plain Content-Length.

export interface S3Settings {
  bucket: string;
  /** Another address than AWS's (MinIO, a local test server); unset for AWS itself. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's default chain (instance role, AWS_* variables, shared profile). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Key prefix inside the bucket ('' or ending with `/`), so several shops can share one bucket. */
  prefix?: string;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.prefix = settings.prefix ?? '';
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 demands them: the SDK's default (CRC32 trailers on every upload,
      // validation of every download) is not understood by many S3-compatible stores.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private key(key: string, allowPrefix = false): string {
    assertKey(key, allowPrefix);
    return `${this.prefix}${key}`;
  }

  private async missingAs<T>(run: () => Promise<T>): Promise<T | undefined> {
    try {
      return await run();
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  async put(key: string, body: Buffer, contentType?: string): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(key),
        Body: body,
        ContentLength: body.length,
        ContentType: contentType ?? contentTypeOf(key),
      }),
    );
  }

  async get(key: string) {
    const answer = await this.missingAs(() =>
      this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(key) })),
    );
    if (!answer?.Body) return undefined;
    const info: StoredFileInfo = {
      size: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? contentTypeOf(key),
      lastModified: answer.LastModified ?? new Date(0),
      etag: answer.ETag ?? '',
    };
    return { info, body: answer.Body as Readable };
  }

  async read(key: string): Promise<Buffer | undefined> {
    const found = await this.get(key);
    if (!found) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return Buffer.concat(chunks);
  }

  async head(key: string): Promise<StoredFileInfo | undefined> {
    const answer = await this.missingAs(() =>
      this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(key) })),
    );
    return (
      answer && {
        size: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? contentTypeOf(key),
        lastModified: answer.LastModified ?? new Date(0),
        etag: answer.ETag ?? '',
      }
    );
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(key) }));
  }

  /** Every key under `prefix` (all depths), page by page. */
  private async *keysUnder(prefix: string, delimiter?: string) {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: this.key(prefix, true),
          Delimiter: delimiter,
          ContinuationToken: token,
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) yield object;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  async deletePrefix(prefix: string): Promise<void> {
    if (!prefix.endsWith('/') || prefix === '/') throw new Error(`Not a folder prefix: ${prefix}`);
    const keys: string[] = [];
    for await (const object of this.keysUnder(prefix)) keys.push(object.Key as string);
    // One request per object: a file has a few dozen variants at most, and every store knows DeleteObject.
    await Promise.all(keys.map((Key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }))));
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.key(from);
    await this.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket,
        Key: this.key(to),
        CopySource: `${this.bucket}/${source.split('/').map(encodeURIComponent).join('/')}`,
      }),
    );
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: source }));
  }

  async list(prefix: string): Promise<StoredFileEntry[]> {
    const files: StoredFileEntry[] = [];
    for await (const object of this.keysUnder(prefix, '/')) {
      files.push({
        key: (object.Key as string).slice(this.prefix.length),
        size: object.Size ?? 0,
        lastModified: object.LastModified ?? new Date(0),
      });
    }
    return files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  }

  async folders(prefix: string): Promise<string[]> {
    // Every key under the prefix, not a listing by delimiter: some S3-compatible stores (s3rver among
    // them) leave folders whose names start with a dot (`.cache/`) out of that one.
    const found = new Set<string>();
    const start = this.key(prefix, true).length;
    for await (const object of this.keysUnder(prefix)) {
      const rest = (object.Key as string).slice(start);
      const slash = rest.indexOf('/');
      if (slash > 0) found.add(`${prefix}${rest.slice(0, slash + 1)}`);
    }
    return [...found].sort();
  }

  async hasPrefix(prefix: string): Promise<boolean> {
    // One page of the default size: s3rver answers `MaxKeys: 1` with an internal error.
    const page = await this.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.key(prefix, true) }),
    );
    return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }
}
