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

describe('TESSERA_JOB_INTERVAL_MS', () => {
  it('sets the slot of background jobs, and refuses less than a second or what is not a number', () => {
    expect(loadConfig({}).jobIntervalMs).toBeUndefined();
    expect(loadConfig({ TESSERA_JOB_INTERVAL_MS: '2000' }).jobIntervalMs).toBe(2000);
    for (const bad of ['999', 'soon', '1.5e3x'])
      expect(() => loadConfig({ TESSERA_JOB_INTERVAL_MS: bad })).toThrow(
        `TESSERA_JOB_INTERVAL_MS must be a whole number of milliseconds, at least 1000, not "${bad}".`,
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

describe('PAYPAL_*', () => {
  const keys = {
    PAYPAL_CLIENT_ID: 'AZ-client',
    PAYPAL_CLIENT_SECRET: 'EL-secret',
    PAYPAL_WEBHOOK_ID: '8PT597110X687430LKGECATA',
  };

  it('issue 17: connects PayPal in sandbox unless PAYPAL_MODE=live, and needs all three values', () => {
    expect(loadConfig({}).paypal).toBeUndefined();
    expect(loadConfig(keys).paypal).toEqual({
      clientId: 'AZ-client',
      clientSecret: 'EL-secret',
      webhookId: '8PT597110X687430LKGECATA',
      mode: 'test',
      apiBase: undefined,
    });
    expect(loadConfig({ ...keys, PAYPAL_MODE: 'live', PAYPAL_API_BASE: 'http://127.0.0.1:9' }).paypal).toMatchObject({
      mode: 'live',
      apiBase: 'http://127.0.0.1:9',
    });
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'AZ-client' })).toThrow(/PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID/);
    expect(() => loadConfig({ ...keys, PAYPAL_MODE: 'production' })).toThrow('PAYPAL_MODE must be sandbox or live.');
  });
});

describe('TESSERA_S3_*', () => {
  it('issue 18: keeps files on disk unless a bucket is set, and says what is missing when half-configured', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadConfig({
        TESSERA_S3_BUCKET: 'shop-files',
        TESSERA_S3_ENDPOINT: 'http://minio:9000',
        TESSERA_S3_ACCESS_KEY_ID: 'key',
        TESSERA_S3_SECRET_ACCESS_KEY: 'secret',
        TESSERA_S3_PREFIX: '/shop-a/',
      }).s3,
    ).toEqual({
      bucket: 'shop-files',
      endpoint: 'http://minio:9000',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'shop-a/',
    });
    // AWS itself: virtual-hosted addresses and the SDK's default credentials.
    expect(loadConfig({ TESSERA_S3_BUCKET: 'b', TESSERA_S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
    expect(() => loadConfig({ TESSERA_S3_ENDPOINT: 'http://minio:9000' })).toThrow(
      /TESSERA_S3_BUCKET is not set, but TESSERA_S3_ENDPOINT is/,
    );
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'b', TESSERA_S3_ACCESS_KEY_ID: 'key' })).toThrow(
      /TESSERA_S3_ACCESS_KEY_ID and TESSERA_S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'b', TESSERA_S3_ENDPOINT: 'minio:9000' })).toThrow(
      /TESSERA_S3_ENDPOINT must be an address/,
    );
    expect(() => loadConfig({ TESSERA_S3_BUCKET: 'b', TESSERA_S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /TESSERA_S3_FORCE_PATH_STYLE must be true or false/,
    );
  });
});

describe('TESSERA_BACKUP_DIR, TESSERA_BACKUP_EVERY_HOURS, TESSERA_BACKUP_KEEP', () => {
  it('turns scheduled backups on with a folder, with defaults of every 24 hours keeping 7', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ TESSERA_BACKUP_KEEP: '3' }).backup).toBeUndefined();
    expect(loadConfig({ TESSERA_BACKUP_DIR: 'backups' }).backup).toEqual({
      dir: resolve('backups'),
      everyHours: 24,
      keep: 7,
    });
    expect(
      loadConfig({ TESSERA_BACKUP_DIR: '/srv/backups', TESSERA_BACKUP_EVERY_HOURS: '6', TESSERA_BACKUP_KEEP: '1' })
        .backup,
    ).toEqual({ dir: '/srv/backups', everyHours: 6, keep: 1 });
  });

  it('refuses a period or a count that is not a whole number of at least 1', () => {
    for (const bad of ['0', '-1', '1.5', 'daily', '2h'])
      for (const name of ['TESSERA_BACKUP_EVERY_HOURS', 'TESSERA_BACKUP_KEEP'])
        expect(() => loadConfig({ TESSERA_BACKUP_DIR: '/srv/backups', [name]: bad })).toThrow(
          `${name} must be a whole number of at least 1, not "${bad}".`,
        );
  });
});
