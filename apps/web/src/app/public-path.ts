/** The prefix of every public page's path; the server sends the public entry's shell for it. */
export const PUBLIC_PATH_PREFIX = '/public/';
