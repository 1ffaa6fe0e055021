import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { S3Settings } from '../src/platform/storage/index.js';

// A local S3-compatible server for tests (issue 18): the `s3rver` package, on a random port with
// its objects in a temporary folder. It ships no types; the little of it used here is typed below.

interface S3rverInstance {
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: {
  port: number;
  address: string;
  directory: string;
  silent: boolean;
  configureBuckets: { name: string }[];
}) => S3rverInstance;

const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

export interface TestS3 {
  settings: S3Settings;
  close(): Promise<void>;
}

/** Starts s3rver with one empty bucket; `settings` are what a server would read from TESSERA_S3_*. */
export async function startTestS3(bucket = 'tessera-test'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'tessera-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const address = await server.run();
  return {
    settings: {
      bucket,
      endpoint: `http://127.0.0.1:${address.port}`,
      region: 'us-east-1',
      // s3rver's fixed development key pair.
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      prefix: '',
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
