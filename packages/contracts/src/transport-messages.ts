/**
 * The answers the browser's API client recognises by their text (spec section 8), part of
 * `messages`. A module of their own so that the web app's login entry, which holds every module
 * the login page imports, carries these few strings rather than every message.
 */
export const transportMessages = {
  unauthorized: 'Unauthorized',
  csrfMismatch: 'CSRF token mismatch.',
  businessHeaderMissing: 'Business header not found or you do not have access to this business.',
} as const;
