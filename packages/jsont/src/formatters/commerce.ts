import type { FormatterTable } from '../plugin.js';

export const COMMERCE_FORMATTERS: FormatterTable = {};
