/**
 * A cookie the page's own scripts may read, set beside the HttpOnly session and cleared with it.
 * It holds no data ('1'): every visitor gets the same page, and the hint only tells the page to
 * show a signed-in visitor's user area as a neutral placeholder (not the login button) until the
 * browser has asked who they are.
 */
export const SIGNED_IN_HINT_COOKIE = 'renalis_signed_in'
