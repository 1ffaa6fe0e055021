import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer, type TestServer, type TestServerOptions } from '../src/testing.js';
import { type OwnerAccount, ownerSessions } from './auth-helpers.js';
import type { Visitor } from './visitor.js';

/**
 * What the enclosing `describe` runs on: `start` runs before its tests (`beforeAll`, registered where
 * this is called, so later hooks see it) and `close` after them, given what `start` answered. The
 * answer is an object that takes the fields `start` answers once it has run: read them inside tests
 * and hooks, not while declaring the suite.
 */
export function suiteOf<T extends object>(start: () => Promise<T>, close: (started: T) => Promise<void>): T {
  const suite = {} as T;
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
    Object.assign(suite, started);
  });
  afterAll(async () => {
    if (started) await close(started);
  });
  return suite;
}

/** What `suiteServer` answers: the running server and one signed-in visitor per owner account named. */
export type SuiteServer<Owners extends Record<string, OwnerAccount>> = { server: TestServer } & {
  readonly [K in keyof Owners]: Visitor;
};

/**
 * The test server of the enclosing `describe` (see `suiteOf`): a fresh seeded server on `dialect`
 * with `config`, and each owner account of `owners` created and signed in (in the order given).
 * `options.ownFiles`: a files folder of its own (see `TestServerOptions`).
 */
export function suiteServer<const Owners extends Record<string, OwnerAccount> = Record<never, never>>(
  dialect: DialectName,
  owners: Owners = {} as Owners,
  config?: Partial<ServerConfig>,
  options: Pick<TestServerOptions, 'ownFiles'> = {},
): SuiteServer<Owners> {
  return suiteOf(
    async () => {
      const server = await startTestServer({ dialect, config, ...options });
      return { server, ...(await signedInOwners(server, owners)) } as SuiteServer<Owners>;
    },
    ({ server }) => server.close(),
  );
}

/** Creates and signs in each owner account of `owners` (in the order given); answers the visitors by the same names. */
export async function signedInOwners<const Owners extends Record<string, OwnerAccount>>(
  server: TestServer,
  owners: Owners,
): Promise<{ [K in keyof Owners]: Visitor }> {
  const names = Object.keys(owners);
  const visitors = await ownerSessions(
    server,
    names.map((name) => owners[name] as OwnerAccount),
  );
  return Object.fromEntries(names.map((name, i) => [name, visitors[i]])) as { [K in keyof Owners]: Visitor };
}

/** Sets each environment variable of `vars`; answers a function that puts back what was there. */
export function setEnv(vars: Record<string, string>): () => void {
  const before = Object.keys(vars).map((name) => [name, process.env[name]] as const);
  Object.assign(process.env, vars);
  return () => {
    for (const [name, value] of before) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}

/** Sets the environment variables of `vars` for the enclosing `describe` (from its `beforeAll` to its `afterAll`). */
export function suiteEnv(vars: Record<string, string>): void {
  let restore = () => {};
  beforeAll(() => {
    restore = setEnv(vars);
  });
  afterAll(() => restore());
}
