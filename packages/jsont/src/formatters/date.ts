import type { FormatterTable } from '../plugin.js';

export const DATE_FORMATTERS: FormatterTable = {};
