import type { PredicateTable } from '../plugin.js';

export const CONTENT_PREDICATES: PredicateTable = {};
