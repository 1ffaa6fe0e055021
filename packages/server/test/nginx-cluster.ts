// Issue 18: two `tessera start` processes behind Debian's nginx (round-robin) on one PostgreSQL
// database, one Redis and one local S3 server. Used by two-nodes-nginx.test.ts.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase, pgConnectionConfig } from '../src/platform/db/connect.js';
import type { Database } from '../src/platform/db/schema.js';
import { TEST_DATABASE_URL } from '../src/testing.js';
import { cliNodeArgs } from './cli-process.js';
import { REDIS_URL } from './redis-stores.js';
import { startTestS3, type TestS3 } from './s3-server.js';
import { type Answer, type RequestOptions, Visitor } from './visitor.js';

/** Debian's nginx, when installed (`.ci/run` installs it). */
export const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => existsSync(path));

export interface TesseraNode {
  name: string;
  url: string;
  child: ChildProcess;
  exited: Promise<number | null>;
}

export interface Cluster {
  /** nginx's address: requests alternate between the nodes. */
  url: string;
  nodes: TesseraNode[];
  db: Kysely<Database>;
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function runCli(args: string[], env: Record<string, string>): Promise<void> {
  const child = spawn(process.execPath, [...cliNodeArgs(), ...args], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`tessera ${args.join(' ')} exited with ${code}: ${err}`);
}

async function startNode(name: string, env: Record<string, string>): Promise<TesseraNode> {
  const child = spawn(process.execPath, [...cliNodeArgs(), 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let err = '';
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk) => {
      buffer += chunk;
      const match = /Tessera listening on http:\/\/localhost:(\d+)/.exec(buffer);
      if (match) resolve(Number(match[1]));
    });
    void exited.then((code) => reject(new Error(`node ${name} exited with ${code} before listening: ${err}`)));
  });
  return { name, url: `http://127.0.0.1:${port}`, child, exited };
}

function nginxConfig(dir: string, port: number, nodes: TesseraNode[]): string {
  const upstreams = nodes.map((node) => `    server ${node.url.slice('http://'.length)} max_fails=1 fail_timeout=10s;`);
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 20m;
  upstream tessera {
${upstreams.join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://tessera;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

async function startNginx(dir: string, port: number, nodes: TesseraNode[]): Promise<ChildProcess> {
  if (!NGINX) throw new Error('nginx is not installed (apt-get install nginx; .ci/run does it)');
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(dir, port, nodes));
  const child = spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${err}`);
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`nginx did not answer: ${err}`);
}

/** A fresh database, the demo site seeded by the CLI, two nodes and nginx in front of them. */
export async function startCluster(extraEnv: Record<string, string> = {}): Promise<Cluster> {
  const name = `tessera_nodes_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'tessera-nginx-'));
  // nginx's worker may run as another user: let it write its temporary files.
  chmodSync(dir, 0o777);
  let s3: TestS3 | undefined;
  const nodes: TesseraNode[] = [];
  let nginx: ChildProcess | undefined;
  let handle: ReturnType<typeof openDatabase> | undefined;
  const close = async () => {
    // SIGTERM, not SIGKILL: nginx's master then stops its worker too (a killed master leaves it running).
    if (nginx && nginx.exitCode === null) {
      const stopped = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGTERM');
      await stopped;
    }
    for (const node of nodes)
      if (node.child.exitCode === null && node.child.signalCode === null) node.child.kill('SIGTERM');
    await Promise.all(nodes.map((node) => node.exited));
    await handle?.db.destroy();
    await s3?.close();
    const cleanup = new pg.Client(pgConnectionConfig(TEST_DATABASE_URL));
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    s3 = await startTestS3();
    const { settings } = s3;
    const env = (node: string): Record<string, string> => {
      const dataDir = join(dir, node);
      mkdirSync(dataDir, { recursive: true });
      return {
        ...(process.env as Record<string, string>),
        DATABASE_URL: url.toString(),
        REDIS_URL,
        DATA_DIR: dataDir,
        HOST: '127.0.0.1',
        PORT: '0',
        TRUST_PROXY: '127.0.0.1',
        TESSERA_S3_BUCKET: settings.bucket,
        TESSERA_S3_ENDPOINT: settings.endpoint ?? '',
        TESSERA_S3_REGION: settings.region ?? 'us-east-1',
        TESSERA_S3_ACCESS_KEY_ID: settings.accessKeyId ?? '',
        TESSERA_S3_SECRET_ACCESS_KEY: settings.secretAccessKey ?? '',
        TESSERA_S3_FORCE_PATH_STYLE: 'true',
        TESSERA_JOB_INTERVAL_MS: '1000',
        ...extraEnv,
      };
    };
    await runCli(['seed'], env('seed'));
    nodes.push(await startNode('a', env('a')), await startNode('b', env('b')));
    const port = await freePort();
    nginx = await startNginx(dir, port, nodes);
    handle = openDatabase({ databaseUrl: url.toString() });
    return { url: `http://127.0.0.1:${port}`, nodes, db: handle.db, close };
  } catch (error) {
    await close().catch(() => {});
    throw error;
  }
}

let nextAddress = 1;

/** A visitor with an address of its own (sent as X-Forwarded-For, which the nodes trust from nginx). */
export class ProxiedVisitor extends Visitor {
  readonly address = `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress++ & 255}`;
  /** Which node answered each request (nginx's X-Upstream). */
  readonly upstreams: string[] = [];

  override async request<T = any>(method: string, path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const answer = await super.request<T>(method, path, {
      ...options,
      headers: { 'x-forwarded-for': this.address, ...options.headers },
    });
    const upstream = answer.headers.get('x-upstream');
    if (upstream) this.upstreams.push(upstream);
    return answer;
  }
}
