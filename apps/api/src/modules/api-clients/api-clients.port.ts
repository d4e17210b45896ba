// What the authenticator needs of API clients inside its own transaction: the live token behind a
// bearer credential, and the client's last use.
export { findLiveClientToken, touchApiClient } from './api-clients.repository';

/** Every client-credentials token starts so: the authenticator looks it up among client tokens, not personal ones. */
export const CLIENT_TOKEN_PREFIX = 'lct_';
