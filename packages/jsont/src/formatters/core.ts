/** The language's core formatters (the reference's "core" area). */
import type { FormatterTable } from '../plugin.js';
import { APPLY_FORMATTERS } from './core/apply.js';
import { DATA_FORMATTERS } from './core/data.js';
import { TEXT_FORMATTERS } from './core/text.js';

export const CORE_FORMATTERS: FormatterTable = {
  ...APPLY_FORMATTERS,
  ...DATA_FORMATTERS,
  ...TEXT_FORMATTERS,
};
