import fs from 'node:fs';
import path from 'node:path';
import { MAILBOX_DIR } from './constants';

/** One mail as received by the suite's SMTP server (written by global-setup). */
export type Mail = {
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  /** The raw message (headers and every MIME part) with quoted-printable decoded. */
  text: string;
  receivedAt: string;
  /** The JSON file it was read from. */
  file: string;
};

const returned = new Set<string>();

/** Every mail received so far, oldest first. */
export function readMails(): Mail[] {
  if (!fs.existsSync(MAILBOX_DIR)) return [];
  return fs
    .readdirSync(MAILBOX_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const file = path.join(MAILBOX_DIR, name);
      try {
        return [{ ...(JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<Mail, 'file'>), file }];
      } catch {
        return []; // Being written right now: picked up on the next poll.
      }
    });
}

/**
 * Waits for a mail to `to` whose subject contains `subjectIncludes` and returns the oldest one
 * not already returned by an earlier call in this process, so two invitations to the same address
 * come back one after the other.
 */
export async function waitForMail(to: string, subjectIncludes: string, timeoutMs = 15_000): Promise<Mail> {
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = readMails();
    const found = mails.find((m) => !returned.has(m.file) && m.to.includes(address) && m.subject.includes(subjectIncludes));
    if (found) {
      returned.add(found.file);
      return found;
    }
    if (Date.now() > deadline) {
      const seen = mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
      throw new Error(`No mail to ${to} with "${subjectIncludes}" in the subject within ${timeoutMs} ms (received: ${seen})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first match of `pattern` in the mail's text, e.g. linkIn(mail, /http:\/\/\S+\/accept-user-invitation\/[\w-]+/). */
export function linkIn(mail: Mail, pattern: RegExp): string {
  const match = pattern.exec(mail.text);
  if (!match?.[0]) throw new Error(`No match for ${pattern} in the mail "${mail.subject}"`);
  return match[0];
}
