import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Stripe from 'stripe';
import { StripeApiError } from './errors.js';
import { formString } from './form.js';
import { RequestBody } from './http.js';
import type { FakeStripeControl } from './control.js';

/** The failure codes the control route accepts (Stripe's codes for identity and document checks). */
const FAILURE_CODES: readonly Stripe.Account.Requirements.Error.Code[] = [
  'verification_failed_id_number_match',
  'verification_failed_address_match',
  'verification_failed_name_match',
  'verification_failed_keyed_identity',
  'verification_failed_other',
  'verification_document_failed_other',
];

function failureCode(value: string | undefined): Stripe.Account.Requirements.Error.Code | undefined {
  return FAILURE_CODES.find((code) => code === value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function stringParam(request: FastifyRequest, name: string): string {
  const params: unknown = request.params;
  const value = isRecord(params) ? params[name] : undefined;
  if (typeof value !== 'string') throw new StripeApiError(400, { type: 'invalid_request_error', message: `Missing ${name}` });
  return value;
}

/**
 * POST /_control/… for browser journeys (Playwright drives them with the secret key): the same controls as the
 * in-process `control` object.
 */
export function registerControlRoutes(app: FastifyInstance, control: FakeStripeControl, secretKey: string): void {
  const guarded = (handler: (request: FastifyRequest) => unknown) => async (request: FastifyRequest, reply: FastifyReply) => {
    void reply.header('Access-Control-Allow-Origin', '*');
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      return reply.status(401).send({ error: { type: 'invalid_request_error', message: 'The control routes need the secret key as a Bearer token.' } });
    }
    try {
      return reply.send(handler(request) ?? { ok: true });
    } catch (error) {
      if (error instanceof StripeApiError) return reply.status(error.status).send({ error: error.body });
      throw error;
    }
  };
  app.post('/_control/accounts/:account/complete_verification', guarded((request) => control.completeVerification(stringParam(request, 'account'))));
  app.post(
    '/_control/accounts/:account/fail_verification',
    guarded((request) => {
      const params = request.body instanceof RequestBody ? request.body.params : {};
      const code = failureCode(formString(params.code));
      const reason = formString(params.reason);
      control.failVerification(stringParam(request, 'account'), { ...(code === undefined ? {} : { code }), ...(reason === undefined ? {} : { reason }) });
    }),
  );
  app.post('/_control/events/:event/redeliver', guarded((request) => control.redeliverEvent(stringParam(request, 'event'))));
  app.post('/_control/deliveries/hold', guarded(() => control.holdDeliveries()));
  app.post(
    '/_control/deliveries/release',
    guarded((request) => {
      const params = request.body instanceof RequestBody ? request.body.params : {};
      control.releaseDeliveries(formString(params.order) === 'reversed' ? 'reversed' : 'in_order');
    }),
  );
  app.get('/_control/deliveries', guarded(() => ({ deliveries: control.deliveries() })));
  app.post('/_control/bank_payments/settle', guarded(() => control.settleBankPayments()));
  app.post('/_control/bank_payments/fail', guarded(() => control.failBankPayments()));
  app.post('/_control/cards/decline_next', guarded(() => control.declineNextConfirm()));
  app.post('/_control/intents/:intent/complete_authentication', guarded((request) => control.completeAuthentication(stringParam(request, 'intent'))));
  app.post('/_control/intents/:intent/fail_authentication', guarded((request) => control.failAuthentication(stringParam(request, 'intent'))));
}
