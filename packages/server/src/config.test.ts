import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', dataDir: resolve('./data'), trustProxy: false });
    expect(config.filesDir).toBe(resolve('./data/files'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.redisUrl).toBeUndefined();
  });

  it('reads the environment', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: '/srv/tessera',
      DATABASE_URL: 'postgres://db/tessera',
      REDIS_URL: 'redis://cache:6379',
      TRUST_PROXY: '1',
    });
    expect(config).toMatchObject({
      port: 0,
      host: '127.0.0.1',
      dataDir: '/srv/tessera',
      filesDir: '/srv/tessera/files',
      databaseUrl: 'postgres://db/tessera',
      redisUrl: 'redis://cache:6379',
      trustProxy: 1,
    });
  });

  it('refuses a port or database address it cannot use, saying what to send', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow('PORT must be a whole number from 0 to 65535, not "eighty".');
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://db' })).toThrow(/DATABASE_URL must start with postgres:\/\//);
  });
});

describe('CHECKOUT_ORDERS_PER_IP', () => {
  it('sets the order limit per address per minute, and refuses what is not a count', () => {
    expect(loadConfig({}).checkoutOrders).toBeUndefined();
    expect(loadConfig({ CHECKOUT_ORDERS_PER_IP: '50' }).checkoutOrders).toEqual({ perIp: 50, timeWindowMs: 60_000 });
    expect(() => loadConfig({ CHECKOUT_ORDERS_PER_IP: 'lots' })).toThrow(
      'CHECKOUT_ORDERS_PER_IP must be a whole number of at least 1, not "lots".',
    );
  });
});

describe('TRUST_PROXY', () => {
  it('finding 4: reads a hop count or a list of proxy addresses, never "trust every hop"', () => {
    expect(loadConfig({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'loopback',
    ]);
    for (const bad of ['yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
