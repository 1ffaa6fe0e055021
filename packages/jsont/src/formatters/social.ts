import type { FormatterTable } from '../plugin.js';

export const SOCIAL_FORMATTERS: FormatterTable = {};
