import type { FormatterTable } from '../plugin.js';

export const CONTENT_FORMATTERS: FormatterTable = {};
