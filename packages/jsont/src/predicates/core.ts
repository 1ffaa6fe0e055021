import type { PredicateTable } from '../plugin.js';

export const CORE_PREDICATES: PredicateTable = {};
