/** The spec's local storage keys (section 9): the bearer token and the selected business. */
const TOKEN_KEY = 'token';
const BUSINESS_KEY = 'selectedBusiness';

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode); the session cookie still works.
  }
}

export const storage = {
  getToken: (): string | null => read(TOKEN_KEY),
  setToken: (token: string | null): void => write(TOKEN_KEY, token),
  getSelectedBusiness: (): string | null => read(BUSINESS_KEY),
  setSelectedBusiness: (id: string | null): void => write(BUSINESS_KEY, id),
  clearSession: (): void => {
    write(TOKEN_KEY, null);
    write(BUSINESS_KEY, null);
  },
};
