import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, readConsent, shouldShowCookieBanner, trackingMode } from './consent.js';

describe('readConsent', () => {
  it('finds the choice among other cookies, with or without spaces', () => {
    expect(readConsent(`crumb=abc; ${CONSENT_COOKIE}=accepted; CART=x`)).toBe('accepted');
    expect(readConsent(`crumb=abc;${CONSENT_COOKIE}=declined`)).toBe('declined');
  });

  it('treats a missing, empty or unknown value as no choice', () => {
    expect(readConsent(undefined)).toBeUndefined();
    expect(readConsent('')).toBeUndefined();
    expect(readConsent(`${CONSENT_COOKIE}=maybe`)).toBeUndefined();
    expect(readConsent(`x${CONSENT_COOKIE}=accepted`)).toBeUndefined();
  });
});

describe('trackingMode', () => {
  it('sends nothing after a decline, whatever the policy or banner', () => {
    for (const cookiePolicy of ['standard', 'restrictive'])
      for (const bannerEnabled of [true, false])
        expect(trackingMode({ cookiePolicy, bannerEnabled, consent: 'declined' })).toBe('off');
  });

  it('allows the tracker cookies after an accept, even under the restrictive policy', () => {
    expect(trackingMode({ cookiePolicy: 'restrictive', bannerEnabled: true, consent: 'accepted' })).toBe('full');
    expect(trackingMode({ cookiePolicy: 'standard', bannerEnabled: true, consent: 'accepted' })).toBe('full');
  });

  it('waits for an accept on a restrictive site that asks', () => {
    expect(trackingMode({ cookiePolicy: 'restrictive', bannerEnabled: true, consent: undefined })).toBe('off');
  });

  it('keeps the cookieless restrictive tracking when the site does not ask', () => {
    expect(trackingMode({ cookiePolicy: 'restrictive', bannerEnabled: false, consent: undefined })).toBe('cookieless');
  });

  it('tracks a standard site until the visitor declines', () => {
    expect(trackingMode({ cookiePolicy: 'standard', bannerEnabled: true, consent: undefined })).toBe('full');
    expect(trackingMode({ bannerEnabled: false, consent: undefined })).toBe('full');
  });
});

describe('shouldShowCookieBanner', () => {
  it('shows the banner only while the site asks and nobody has chosen', () => {
    expect(shouldShowCookieBanner(true, undefined)).toBe(true);
    expect(shouldShowCookieBanner(true, 'accepted')).toBe(false);
    expect(shouldShowCookieBanner(true, 'declined')).toBe(false);
    expect(shouldShowCookieBanner(false, undefined)).toBe(false);
  });
});
