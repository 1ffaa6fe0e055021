import type { FormatterTable } from '../plugin.js';

export const I18N_FORMATTERS: FormatterTable = {};
