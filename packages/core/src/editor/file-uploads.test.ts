import { describe, expect, it } from 'vitest';
import { checkUpload, validateFileName } from './file-uploads.js';

describe('file rules', () => {
  it('checks uploads by type and size with the SPEC messages', () => {
    expect(checkUpload('photo.JPG', 1000)).toBeUndefined();
    expect(checkUpload('tool.exe', 10)).toBe('tool.exe does not appear to be a supported file');
    expect(checkUpload('huge.png', 21 * 1024 * 1024)).toBe(
      'huge.png is too large. The maximum allowed file size is 20 MB',
    );
    expect(validateFileName('   ')).toBe('Please enter a file name');
    expect(validateFileName('../x.png')).toBe('../x.png is not one of the expected options');
    expect(validateFileName('menu.pdf')).toBeUndefined();
  });
});
