import type { FastifyInstance } from 'fastify';
import { StripeApiError } from './errors.js';
import { formString } from './form.js';
import { RequestBody } from './http.js';
import type { PaymentIntents } from './payment-intents.js';
import type { PaymentStore } from './payment-store.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * GET/POST /3ds/:intent: the page `next_action.redirect_to_url` sends a payer to, like Stripe's test 3-D Secure
 * page: "Complete authentication" or "Fail authentication", then back to the `return_url`.
 */
export function registerThreeDSecurePage(app: FastifyInstance, store: PaymentStore, intents: PaymentIntents): void {
  app.get('/3ds/:intent', async (request, reply) => {
    const params: unknown = request.params;
    const id = typeof params === 'object' && params !== null && 'intent' in params && typeof params.intent === 'string' ? params.intent : '';
    const stored = store.intents.get(id);
    if (stored === undefined) return reply.status(404).type('text/html').send('<!doctype html><title>Not found</title><p>No such payment.</p>');
    const amount = `${(stored.intent.amount / 100).toFixed(2)} ${stored.intent.currency.toUpperCase()}`;
    return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title></head>
<body><main><h1>3D Secure 2 Test Page</h1><p>Authenticate a payment of ${escapeHtml(amount)}.</p>
<form method="post"><button name="outcome" value="complete">Complete authentication</button>
<button name="outcome" value="fail">Fail authentication</button></form></main></body></html>`);
  });
  app.post('/3ds/:intent', async (request, reply) => {
    const params: unknown = request.params;
    const id = typeof params === 'object' && params !== null && 'intent' in params && typeof params.intent === 'string' ? params.intent : '';
    const stored = store.intents.get(id);
    const body = request.body instanceof RequestBody ? request.body.params : {};
    const outcome = formString(body.outcome) === 'complete' ? 'complete' : 'fail';
    if (stored === undefined) return reply.status(404).send({ error: { type: 'invalid_request_error', message: `No such payment_intent: '${id}'` } });
    try {
      intents.authenticate(stored, outcome, null);
    } catch (error) {
      if (error instanceof StripeApiError) return reply.status(error.status).send({ error: error.body });
      throw error;
    }
    const next = stored.intent.next_action;
    const query: unknown = request.query;
    const returnUrl = typeof query === 'object' && query !== null && 'return_url' in query && typeof query.return_url === 'string' ? query.return_url : null;
    if (returnUrl === null || next !== null) return reply.send(stored.intent);
    const separator = returnUrl.includes('?') ? '&' : '?';
    return reply.redirect(`${returnUrl}${separator}payment_intent=${stored.intent.id}&payment_intent_client_secret=${stored.intent.client_secret ?? ''}&redirect_status=${stored.intent.status === 'succeeded' ? 'succeeded' : 'failed'}`);
  });
}
