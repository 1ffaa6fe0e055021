import type { FormatterTable } from '../plugin.js';

export const CORE_FORMATTERS: FormatterTable = {};
