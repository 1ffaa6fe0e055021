/**
 * Where a product form posts without JavaScript (the server's cart form route, the product page's and
 * the product block's `<form action>`).
 */
export const CART_FORM_PATH = '/cart/add';
