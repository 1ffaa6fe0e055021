import { describe, expect, it } from 'vitest';
import { createSecretBox, requireSecretBox, SECRETS_MESSAGES, SecretsError, secretsAvailable } from './secrets.js';

const KEY = 'test-secret-key-material-0123456789-kkkkkkkk';
const OTHER = 'another-secret-key-material-987654-oooooooo';

describe('secrets at rest', () => {
  it('seals a value into a versioned string that opens again for the same context', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('sk_test_4eC39HqLyjWDarjtT1zdp7dc', 'payment_connections:site:stripe');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('sk_test');
    expect(box.open(sealed, 'payment_connections:site:stripe')).toBe('sk_test_4eC39HqLyjWDarjtT1zdp7dc');
  });

  it('uses a fresh IV each time, so one value never seals to the same string twice', () => {
    const box = createSecretBox(KEY);
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses a value altered, moved to another context, or sealed under another key', () => {
    const box = createSecretBox(KEY);
    const sealed = box.seal('secret', 'row-a');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    const altered = [parts[0], parts[1], parts[2], body.toString('base64url')].join('.');
    expect(() => box.open(altered, 'row-a')).toThrow(SECRETS_MESSAGES.unreadable);
    expect(() => box.open(sealed, 'row-b')).toThrow(SecretsError);
    expect(() => createSecretBox(OTHER).open(sealed, 'row-a')).toThrow(SECRETS_MESSAGES.unreadable);
    expect(() => box.open('v2.a.b.c', 'row-a')).toThrow(SECRETS_MESSAGES.unreadable);
    expect(() => box.open('garbage', 'row-a')).toThrow(SECRETS_MESSAGES.unreadable);
  });

  it('refuses to seal anything without a key of at least 32 characters, with a clear message', () => {
    expect(secretsAvailable(undefined)).toBe(false);
    expect(secretsAvailable('')).toBe(false);
    expect(secretsAvailable('short')).toBe(false);
    expect(secretsAvailable(KEY)).toBe(true);
    expect(() => requireSecretBox(undefined)).toThrow(SECRETS_MESSAGES.missing);
    expect(() => requireSecretBox('too-short')).toThrow(SECRETS_MESSAGES.short);
    try {
      requireSecretBox('');
      expect.unreachable();
    } catch (error) {
      expect((error as SecretsError).code).toBe('secret-key-missing');
    }
  });
});
