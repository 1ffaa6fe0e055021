import { describe, expect, it } from 'vitest';
import { checkPopupForm, formFromPopup, popupBody } from './popup-form.js';

const stored = {
  enabled: true,
  position: 'bottom-right',
  title: 'Ten percent off',
  body: 'Join the newsletter.',
  buttonLabel: 'Join',
  buttonUrl: '/contact',
  image: null,
  version: 3,
};

describe('the popup form', () => {
  it('sends back what it read, with no new version unless asked', () => {
    expect(popupBody(formFromPopup(stored))).toEqual({
      enabled: true,
      position: 'bottom-right',
      title: 'Ten percent off',
      body: 'Join the newsletter.',
      buttonLabel: 'Join',
      buttonUrl: '/contact',
      image: null,
      showAgain: false,
    });
    const withImage = { ...formFromPopup(stored), imageUrl: '/files/a.jpg', imageAlt: 'A' };
    expect(popupBody(withImage).image).toEqual({ url: '/files/a.jpg', altText: 'A' });
  });

  it('says what to fix before sending', () => {
    expect(checkPopupForm(formFromPopup(stored))).toEqual({});
    expect(
      checkPopupForm({ ...formFromPopup(stored), title: ' ', buttonUrl: 'https://x.test', buttonLabel: '' }),
    ).toEqual({
      title: 'Please enter a heading for the popup.',
      buttonUrl: 'Link the button to a page of this site, such as /contact.',
      buttonLabel: 'Enter the text of the button, or remove its link.',
    });
  });
});
