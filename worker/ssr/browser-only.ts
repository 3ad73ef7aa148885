/**
 * Pages the browser renders itself: personal ones (nothing to show before it knows the cart or
 * the session's data) and the password reset, whose token is in the URL fragment a server
 * never sees. A certificate's verification too: it must say revoked the moment it is (no shared render).
 * The Worker's page renderer leaves their screens out (scripts/ssr-route-tree.ts).
 */
export const BROWSER_ONLY =
  /^\/(usuario|admin|carrinho-de-compras|checkout|pedido|senha|conta|certificados)(\/|$)/
