import type { PredicateTable } from '../plugin.js';

export const SOCIAL_PREDICATES: PredicateTable = {};
