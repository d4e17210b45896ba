import { loadScriptOnce } from './script-loader';

/**
 * The browser's one door to the bank-link provider's widget (Plaid Link): loads its script on first
 * use, opens Link with a link token, and answers with the public token and
 * the account the user chose (or null when they closed it).
 */
export const BANK_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

export class BankLinkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BankLinkError';
  }
}

type LinkError = { error_message: string; display_message: string | null };
type LinkHandler = { open(): void; destroy(): void };
type LinkConfig = {
  token: string;
  onSuccess: (publicToken: string, metadata: { accounts: { id: string; name: string; mask: string | null }[]; institution: { name: string } | null }) => void;
  onExit: (error: LinkError | null) => void;
};

declare global {
  interface Window {
    Plaid?: { create(config: LinkConfig): LinkHandler };
  }
}

/** Link's script: from `scriptUrl` when the provider is at another address (tests, the demo), else its canonical URL. */
function loadScript(scriptUrl: string | null): Promise<void> {
  if (window.Plaid) return Promise.resolve();
  return loadScriptOnce(scriptUrl ?? BANK_LINK_SCRIPT_URL, () => new BankLinkError('The bank-link service could not be reached.'));
}

export type LinkedBank = { publicToken: string; accountId: string; accountName: string; mask: string | null; institutionName: string | null };

export async function openBankLink(linkToken: string, scriptUrl: string | null): Promise<LinkedBank | null> {
  await loadScript(scriptUrl);
  const plaid = window.Plaid;
  if (!plaid) throw new BankLinkError('The bank-link service could not be reached.');
  return new Promise<LinkedBank | null>((resolve, reject) => {
    const handler = plaid.create({
      token: linkToken,
      onSuccess: (publicToken, metadata) => {
        handler.destroy();
        const account = metadata.accounts[0];
        if (!account) return reject(new BankLinkError('No account was chosen.'));
        resolve({ publicToken, accountId: account.id, accountName: account.name, mask: account.mask, institutionName: metadata.institution?.name ?? null });
      },
      onExit: (error) => {
        handler.destroy();
        if (error) reject(new BankLinkError(error.display_message ?? error.error_message));
        else resolve(null);
      },
    });
    handler.open();
  });
}
