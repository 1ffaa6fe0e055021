import type { PredicateTable } from '../plugin.js';

export const COMMERCE_PREDICATES: PredicateTable = {};
