/** One group of the owner's JavaScript-errors report (`GET /api/config/analytics/errors`). */
export interface ErrorGroup {
  message: string;
  name: string;
  source: string;
  count: number;
  pages: number;
  paths: string[];
  browsers: { browser: string; count: number }[];
  firstSeen: string;
  lastSeen: string;
}
