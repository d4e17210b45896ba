/// <reference lib="dom" />

/** Where the real Plaid Link script lives; tests intercept this URL and answer with the fake's text. */
export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
/** The same path on the fake Plaid server, which serves the script too (the demo loads it from there). */
export const PLAID_LINK_SCRIPT_PATH = '/link/v2/stable/link-initialize.js';

/**
 * The browser side of the fake: defines `window.Plaid.create({ token, onSuccess, onExit, onEvent })`
 * as Plaid Link does. `open()` asks the fake server for the link token's session, shows a small
 * dialog (the sandbox bank, one radio per account, Continue / Cancel) and hands the public token the
 * server issued for that link token to onSuccess. The page gets the function's source text, so the
 * body uses browser globals and its own parameter only.
 */
function installFakePlaidLink(apiBaseUrl: string): void {
  type LinkAccount = { id: string; name: string; mask: string | null; type: string; subtype: string | null };
  type Institution = { name: string; institution_id: string };
  type LinkError = { error_type: string; error_code: string; error_message: string; display_message: string | null };
  type ExitMetadata = { institution: Institution | null; status: string | null; link_session_id: string | null; request_id: string | null };
  type SuccessMetadata = { accounts: LinkAccount[]; institution: Institution; link_session_id: string };
  type LinkConfig = {
    token: string;
    onSuccess: (publicToken: string, metadata: SuccessMetadata) => void;
    onExit?: (error: LinkError | null, metadata: ExitMetadata) => void;
    onEvent?: (eventName: string, metadata: Record<string, unknown>) => void;
    onLoad?: () => void;
  };
  type Answer = { ok: true; body: Record<string, unknown> } | { ok: false; error: LinkError; requestId: string | null };

  const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');

  const post = async (path: string, payload: Record<string, string>): Promise<Answer> => {
    try {
      const response = await fetch(apiBaseUrl + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
      const body: unknown = await response.json();
      if (!isRecord(body)) throw new Error('unreadable answer');
      if (response.ok) return { ok: true, body };
      const error: LinkError = {
        error_type: text(body.error_type),
        error_code: text(body.error_code),
        error_message: text(body.error_message),
        display_message: typeof body.display_message === 'string' ? body.display_message : null,
      };
      return { ok: false, error, requestId: text(body.request_id) || null };
    } catch {
      const error = { error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR', error_message: 'an unexpected error occurred', display_message: null };
      return { ok: false, error, requestId: null };
    }
  };

  const readAccounts = (value: unknown): LinkAccount[] =>
    Array.isArray(value)
      ? value.filter(isRecord).map((account) => ({
          id: text(account.id),
          name: text(account.name),
          mask: typeof account.mask === 'string' ? account.mask : null,
          type: text(account.type),
          subtype: typeof account.subtype === 'string' ? account.subtype : null,
        }))
      : [];

  const readInstitution = (value: unknown): Institution =>
    isRecord(value) ? { name: text(value.name), institution_id: text(value.institution_id) } : { name: '', institution_id: '' };

  let dialogCount = 0;

  const create = (config: LinkConfig) => {
    let dialog: HTMLElement | null = null;
    let session: { linkSessionId: string; institution: Institution } | null = null;
    let destroyed = false;

    const emit = (eventName: string, metadata: Record<string, unknown> = {}) =>
      config.onEvent?.(eventName, { link_session_id: session?.linkSessionId ?? null, timestamp: new Date().toISOString(), ...metadata });

    const close = () => {
      dialog?.remove();
      dialog = null;
    };

    const exitWith = (error: LinkError | null, status: string | null, requestId: string | null) => {
      close();
      emit('EXIT', { exit_status: status, error_code: error?.error_code ?? null });
      config.onExit?.(error, { institution: session?.institution ?? null, status, link_session_id: session?.linkSessionId ?? null, request_id: requestId });
    };

    const showAccounts = (accounts: LinkAccount[], institution: Institution) => {
      dialogCount += 1;
      const titleId = `fake-plaid-link-title-${dialogCount}`;
      const root = document.createElement('div');
      root.setAttribute('role', 'dialog');
      root.setAttribute('aria-modal', 'true');
      root.setAttribute('aria-labelledby', titleId);
      root.dataset.fakePlaidLink = '';
      Object.assign(root.style, {
        position: 'fixed', inset: '0', display: 'flex', alignItems: 'center', justifyContent: 'center',
        background: 'rgba(0, 0, 0, 0.4)', zIndex: '2147483647', fontFamily: 'system-ui, sans-serif',
      });
      const panel = document.createElement('form');
      Object.assign(panel.style, { background: '#fff', color: '#111', padding: '24px', borderRadius: '8px', minWidth: '280px' });
      const title = document.createElement('h2');
      title.id = titleId;
      title.textContent = institution.name;
      const legend = document.createElement('legend');
      legend.textContent = 'Choose the account to link';
      const fieldset = document.createElement('fieldset');
      fieldset.append(legend);
      accounts.forEach((account, index) => {
        const label = document.createElement('label');
        label.style.display = 'block';
        const radio = document.createElement('input');
        radio.type = 'radio';
        radio.name = 'account';
        radio.value = account.id;
        radio.checked = index === 0;
        label.append(radio, ` ${account.name} ••${account.mask ?? ''}`);
        fieldset.append(label);
      });
      const status = document.createElement('p');
      status.setAttribute('role', 'alert');
      const cancel = document.createElement('button');
      cancel.type = 'button';
      cancel.textContent = 'Cancel';
      const proceed = document.createElement('button');
      proceed.type = 'submit';
      proceed.textContent = 'Continue';
      panel.append(title, fieldset, status, cancel, proceed);
      root.append(panel);

      cancel.addEventListener('click', () => exitWith(null, 'requires_account_selection', null));
      root.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') exitWith(null, 'requires_account_selection', null);
      });
      panel.addEventListener('submit', (event) => {
        event.preventDefault();
        const chosen = panel.querySelector<HTMLInputElement>('input[name="account"]:checked');
        if (chosen === null || session === null) return;
        proceed.disabled = true;
        const linkSessionId = session.linkSessionId;
        void post('/__fake/link/complete', { link_token: config.token, link_session_id: linkSessionId, account_id: chosen.value }).then((answer) => {
          if (!answer.ok) {
            exitWith(answer.error, 'requires_account_selection', answer.requestId);
            return;
          }
          const metadata = isRecord(answer.body.metadata) ? answer.body.metadata : {};
          close();
          emit('HANDOFF');
          config.onSuccess(text(answer.body.public_token), {
            accounts: readAccounts(metadata.accounts),
            institution: readInstitution(metadata.institution),
            link_session_id: linkSessionId,
          });
        });
      });
      document.body.append(root);
      dialog = root;
      fieldset.querySelector('input')?.focus();
    };

    const open = () => {
      if (destroyed || dialog !== null) return;
      void post('/__fake/link/open', { link_token: config.token }).then((answer) => {
        if (destroyed) return;
        if (!answer.ok) {
          exitWith(answer.error, null, answer.requestId);
          return;
        }
        const institution = readInstitution(answer.body.institution);
        session = { linkSessionId: text(answer.body.link_session_id), institution };
        emit('OPEN');
        emit('SELECT_ACCOUNT');
        showAccounts(readAccounts(answer.body.accounts), institution);
      });
    };

    config.onLoad?.();
    return {
      open,
      /** Closes Link as the user's Cancel does (onExit without an error). */
      exit: () => {
        if (dialog !== null) exitWith(null, 'requires_account_selection', null);
      },
      /** Removes Link from the page without calling back. */
      destroy: () => {
        destroyed = true;
        close();
      },
    };
  };

  Object.defineProperty(window, 'Plaid', { value: { create, version: 'fake' }, configurable: true, writable: true });
}

/** The script's text, bound to the fake Plaid at `apiBaseUrl`, for `page.route` or the demo to serve. */
export function fakePlaidLinkScript(apiBaseUrl: string): string {
  // A transpiler that keeps function names (esbuild's keepNames, which tsx turns on) puts calls of
  // its `__name` helper inside the function's text; the page has no such helper, so the script
  // brings a harmless one.
  return `(() => {\nconst __name = (target) => target;\n(${installFakePlaidLink.toString()})(${JSON.stringify(apiBaseUrl)});\n})();\n`;
}
