import { afterAll, beforeAll } from 'vitest';
import type { ServerConfig } from '../src/platform/config.js';
import { type DialectName, startTestServer, type TestServer } from '../src/testing.js';
import { type OwnerAccount, ownerSessions } from './auth-helpers.js';
import type { Visitor } from './visitor.js';

/** What `suiteServer` answers: the running server and one signed-in visitor per owner account named. */
export type SuiteServer<Owners extends Record<string, OwnerAccount>> = { server: TestServer } & {
  readonly [K in keyof Owners]: Visitor;
};

/**
 * The test server of the enclosing `describe`: a fresh seeded server on `dialect` started before its
 * tests (`beforeAll`, registered where this is called, so later hooks see it), with each owner account
 * of `owners` created and signed in (in the order given), and closed after them. The fields are filled
 * in when the server has started: read them inside tests and hooks, not while declaring the suite.
 */
export function suiteServer<const Owners extends Record<string, OwnerAccount> = Record<never, never>>(
  dialect: DialectName,
  owners: Owners = {} as Owners,
  config?: Partial<ServerConfig>,
): SuiteServer<Owners> {
  const suite: { server?: TestServer; [name: string]: TestServer | Visitor | undefined } = {};
  beforeAll(async () => {
    const server = await startTestServer({ dialect, config });
    suite.server = server;
    const names = Object.keys(owners);
    const visitors = await ownerSessions(
      server,
      names.map((name) => owners[name] as OwnerAccount),
    );
    names.forEach((name, i) => {
      suite[name] = visitors[i];
    });
  });
  afterAll(async () => suite.server?.close());
  return suite as SuiteServer<Owners>;
}
