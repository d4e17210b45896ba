import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StripeApiError } from './errors.js';
import { RequestBody } from './http.js';
import type { PaymentIntents } from './payment-intents.js';
import type { PaymentStore } from './payment-store.js';
import type { SavedMethods } from './saved-methods.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function intentParam(request: FastifyRequest): string {
  const params: unknown = request.params;
  return typeof params === 'object' && params !== null && 'intent' in params && typeof params.intent === 'string' ? params.intent : '';
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

function form(error: string | null): string {
  const message = error === null ? '' : `<p id="code-error" role="alert">${escapeHtml(error)}</p>`;
  const described = error === null ? 'code-hint' : 'code-hint code-error';
  return `<p>Enter the 6-character code starting with SM from the description of the 0.01 USD deposit on your bank statement.</p>
${message}<form method="post"><label for="descriptor_code">Verification code</label>
<input id="descriptor_code" name="descriptor_code" autocomplete="one-time-code" maxlength="6" required aria-describedby="${described}"${error === null ? '' : ' aria-invalid="true"'}>
<p id="code-hint">For example SM11AA.</p><button type="submit">Verify</button></form>`;
}

/**
 * GET/POST /microdeposit/:intent: the page `next_action.verify_with_microdeposits.hosted_verification_url`
 * points to, like Stripe's hosted verification page: the payer enters the code of the microdeposit
 * for a PaymentIntent or a SetupIntent, whoever holds the link (Stripe mails it to the payer), and
 * the intent goes on as after `verify_microdeposits`, its events sent as usual.
 */
export function registerMicrodepositPage(app: FastifyInstance, store: PaymentStore, intents: PaymentIntents, saved: SavedMethods): void {
  const awaiting = (id: string) => {
    const intent = store.intents.get(id)?.intent ?? store.setupIntents.get(id)?.intent;
    return intent !== undefined && intent.next_action?.type === 'verify_with_microdeposits';
  };
  app.get('/microdeposit/:intent', async (request, reply) => {
    const id = intentParam(request);
    if (!store.intents.has(id) && !store.setupIntents.has(id)) return reply.status(404).type('text/html; charset=utf-8').send(page('Not found', '<p>No such verification.</p>'));
    const body = awaiting(id) ? form(null) : '<p>This bank account needs no verification now.</p>';
    return reply.type('text/html; charset=utf-8').send(page('Verify your bank account', body));
  });
  app.post('/microdeposit/:intent', async (request, reply) => {
    const id = intentParam(request);
    const params = request.body instanceof RequestBody ? request.body.params : {};
    const payment = store.intents.get(id);
    const setup = store.setupIntents.get(id);
    if (payment === undefined && setup === undefined) return reply.status(404).type('text/html; charset=utf-8').send(page('Not found', '<p>No such verification.</p>'));
    try {
      if (payment !== undefined) intents.verifyMicrodeposits(payment, params, null);
      else if (setup !== undefined) saved.verifySetupMicrodeposits(setup, params, null);
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const retry = awaiting(id) ? form(error.body.message) : `<p role="alert">${escapeHtml(error.body.message)}</p>`;
      return reply.status(error.status).type('text/html; charset=utf-8').send(page('Verify your bank account', retry));
    }
    return reply.type('text/html; charset=utf-8').send(page('Bank account verified', '<p role="status">Thank you: your bank account is verified. You can close this page.</p>'));
  });
}
