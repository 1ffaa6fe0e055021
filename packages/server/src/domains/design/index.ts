// The design domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.

export { default as popupPlugin } from './popup.js';
export { readThemeSource, type ThemeSource } from './theme-source.js';
