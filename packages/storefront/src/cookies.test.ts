import { describe, expect, it } from 'vitest';
import { isSiteUserAuthenticated, parseCookies, readCrumb, shouldLoadCartAtStart } from './cookies.js';

describe('parseCookies', () => {
  it('splits, trims and decodes, keeping the first of duplicate names', () => {
    const cookies = parseCookies(' a=1; b=hello%20world ;a=2; broken; c=%E0%A4%A');
    expect(cookies.get('a')).toBe('1');
    expect(cookies.get('b')).toBe('hello world');
    expect(cookies.has('broken')).toBe(false);
    expect(cookies.get('c')).toBe('%E0%A4%A');
  });
});

describe('readCrumb', () => {
  it('reads the crumb cookie', () => {
    expect(readCrumb('x=1; crumb=abc123')).toBe('abc123');
  });
  it('is undefined when absent or empty', () => {
    expect(readCrumb('x=1')).toBeUndefined();
    expect(readCrumb('crumb=')).toBeUndefined();
  });
});

describe('shouldLoadCartAtStart (SPEC §4)', () => {
  it('loads when has-cart equals true', () => {
    expect(shouldLoadCartAtStart('has-cart=true')).toBe(true);
  });
  it('does not load when has-cart is anything else', () => {
    expect(shouldLoadCartAtStart('has-cart=false')).toBe(false);
    expect(shouldLoadCartAtStart('has-cart=TRUE')).toBe(false);
  });
  it('loads when a CART cookie is visible', () => {
    expect(shouldLoadCartAtStart('CART=tok_1')).toBe(true);
  });
  it('loads for an authenticated site user', () => {
    const info = encodeURIComponent(JSON.stringify({ authenticated: true, siteUserId: 'u1' }));
    expect(shouldLoadCartAtStart(`SiteUserInfo=${info}`)).toBe(true);
  });
  it('does not load for a signed-out site user or a fresh visitor', () => {
    const info = encodeURIComponent(JSON.stringify({ authenticated: false, siteUserId: null }));
    expect(shouldLoadCartAtStart(`SiteUserInfo=${info}; crumb=c`)).toBe(false);
    expect(shouldLoadCartAtStart('')).toBe(false);
  });
});

describe('isSiteUserAuthenticated', () => {
  it('tolerates garbage', () => {
    expect(isSiteUserAuthenticated('not json')).toBe(false);
    expect(isSiteUserAuthenticated('null')).toBe(false);
    expect(isSiteUserAuthenticated(undefined)).toBe(false);
  });
});
