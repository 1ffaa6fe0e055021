// The editor's limits and the SPEC wording of its messages (SPEC §8 editor errors, §9 limits), shared
// by the browser and the owner API.

export const EDITOR_LIMITS = Object.freeze({
  /** Blocks in one layout (section). */
  maxBlocksPerLayout: 60,
  maxSectionsPerPage: 60,
  /** Upload limit for one file, in bytes, and how it is named in messages. */
  maxUploadBytes: 20 * 1024 * 1024,
  maxUploadLabel: '20 MB',
  tagMaxLength: 50,
  categoryMaxLength: 25,
  titleMaxLength: 200,
  seoDescriptionMaxLength: 400,
});

export const EDITOR_MESSAGES = Object.freeze({
  invalidEmail: 'Please enter a valid email',
  emailFormat: 'Emails must be formatted as you@example.com',
  linkFormat: 'Links must be formatted as example.com or https://example.com',
  invalidPageUrl: (val: string) => `${val} is not a valid page URL`,
  notAnOption: (val: string) => `${val} is not one of the expected options`,
  tagExists: (tagType: string) => `This ${tagType} already exists`,
  oneTagAtATime: (tagType: string) => `You may only edit one ${tagType} at a time`,
  fileNameRequired: 'Please enter a file name',
  unsupportedFile: (name: string) => `${name} does not appear to be a supported file`,
  fileTooLarge: (name: string, maxSize: string) => `${name} is too large. The maximum allowed file size is ${maxSize}`,
  tooManyBlocks: 'A layout holds at most 60 blocks.',
  slugTaken: 'Another page already uses this URL.',
  titleRequired: 'Please enter a page title.',
  somethingWrong: 'Something went wrong',
  networkError: 'Network error',
  renameFailed: 'There was a problem while renaming your file.',
  uploadFailed: 'There was a problem while uploading your file.',
  errorUploading: 'Error uploading',
  unableToLoad: 'Unable to load. Try again.',
  unableToLocate: 'Unable to locate content',
});
