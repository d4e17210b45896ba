import type { AppContext } from '../../platform/app-context';
import { createSavedMethodCore } from '../saved-methods/saved-methods-core';
import { createSavedMethodService } from '../saved-methods/saved-methods.service';
import { createBnplRepayments } from './bnpl-repayments';

/** BNPL repayments for the process's job worker: the saved-methods service they charge through, built as the app builds it. */
export function createBnplRepaymentJob(app: AppContext, onError: (error: unknown) => void) {
  return createBnplRepayments(app, { methods: createSavedMethodService(app, createSavedMethodCore(app)) }).job(onError);
}
