/** Commerce predicates: the same product rules the badges and islands use. */
import { hasVariants, hasVariedPrices, isOnSale, isSoldOut } from '../commerce/product.js';
import { nodePredicate, type PredicateTable } from '../plugin.js';

export const COMMERCE_PREDICATES: PredicateTable = {
  'has-variants?': nodePredicate((item) => hasVariants(item)),
  'on-sale?': nodePredicate((item) => isOnSale(item)),
  'sold-out?': nodePredicate((item) => isSoldOut(item)),
  'varied-prices?': nodePredicate((item) => hasVariedPrices(item)),
};
