import type { PredicateTable } from '../plugin.js';

export const I18N_PREDICATES: PredicateTable = {};
