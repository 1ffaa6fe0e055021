// The restock domain's public surface (issue 16): the names other domains, render/ and the root files
// (app.ts, jobs.ts, …) use of it. Files inside the domain import each other directly, never this file.
// Its routes and hooks are plugin.ts, which app.ts registers.

export { decodeCursor, encodeCursor, pageOf } from './cursor.js';
export { escapeHtml } from './html.js';
export { createRestockSender } from './restock-sender.js';
export { createUnsubscribeTokens } from './unsubscribe-token.js';
