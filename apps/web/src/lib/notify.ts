import type { ReactNode } from 'react';
import { guestText } from './guest-text';
import { errorText } from './api-error';

type Toast = { id?: string; color: string; title?: string; message: ReactNode; autoClose?: number };

let requested = false;
const listeners = new Set<() => void>();

/** Whether any toast was requested yet: the toast container mounts (and loads) only then. */
export function toastsRequested(): boolean {
  return requested;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The notifications package loads with the first toast, which keeps it out of the login entry;
 * the container shows toasts queued in its store as soon as it mounts.
 */
function show(toast: Toast): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void import('./notifications').then(({ notifications }) => notifications.show(toast));
}

export function notifySuccess(message: string): void {
  show({ color: 'green', message });
}

/** Something the user should know that did not fail, kept on screen longer: it may carry a link to act on. */
export function notifyWarning(message: ReactNode): void {
  show({ color: 'yellow', message, autoClose: 10_000 });
}

/** Shows an error notification unless the transport already handled it silently. */
export function notifyError(err: unknown): void {
  const message = errorText(err, guestText('errors.generic'), guestText('errors.network'));
  if (message === null) return;
  show({ color: 'red', title: guestText('errors.title'), message });
}

/** The transport ended the session (spec: log out with 'Unauthorized'). */
export function notifySessionEnded(): void {
  show({ id: 'session-ended', color: 'red', message: guestText('errors.unauthorized') });
}
