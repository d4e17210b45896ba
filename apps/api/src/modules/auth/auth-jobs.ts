import type { AppContext } from '../../platform/app-context';
import { PASSWORD_RESET_MAIL_JOB, createPasswordResetService } from './password-reset';
import { SIGN_UP_MAIL_JOB, createSignUpService } from './sign-up';

/** The jobs that write sign-up and reset mails (queued by the requests); every process that runs jobs registers them. */
export function createAuthMailJobs(app: AppContext) {
  const signUps = createSignUpService(app);
  const resets = createPasswordResetService(app);
  return {
    async register(): Promise<void> {
      await app.jobs.register(SIGN_UP_MAIL_JOB, (data) => signUps.writeMail(data));
      await app.jobs.register(PASSWORD_RESET_MAIL_JOB, (data) => resets.writeMail(data));
    },
  };
}
