// The forms domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { createCaptcha } from './captcha.js';
export { csvRow } from './csv.js';
export { createFormStore } from './form-store.js';
export { resolveFormsConfig } from './forms-config.js';
export { default as mailingListsPlugin } from './mailing-lists.js';
