/** Where the real Stripe.js loads from: Playwright routes this URL to the fake's script. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/**
 * The source of a fake Stripe.js: `window.Stripe(publishableKey)` whose `createToken` posts to the fake's
 * /v1/tokens with the publishable key as a form field (as Stripe.js does, so no CORS preflight is needed) and
 * answers `{ token }` or `{ error }` like Stripe.js. Plain ES5 so it runs in any page.
 */
export function fakeStripeJsSource(apiBaseUrl: string): string {
  return `(function () {
  'use strict';
  var API_BASE = ${JSON.stringify(apiBaseUrl.replace(/\/+$/, ''))};
  function encode(prefix, value, pairs) {
    if (value === undefined || value === null) return;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (key) { encode(prefix + '[' + key + ']', value[key], pairs); });
      return;
    }
    pairs.push(encodeURIComponent(prefix).replace(/%5B/g, '[').replace(/%5D/g, ']') + '=' + encodeURIComponent(String(value)));
  }
  function formBody(key, params) {
    var pairs = ['key=' + encodeURIComponent(key)];
    Object.keys(params).forEach(function (name) { encode(name, params[name], pairs); });
    return pairs.join('&');
  }
  function postToken(key, params) {
    return fetch(API_BASE + '/v1/tokens', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: formBody(key, params)
    }).then(function (response) {
      return response.json().then(function (body) {
        return response.ok ? { token: body } : { error: body.error };
      });
    }, function () {
      return { error: { type: 'api_connection_error', message: 'We could not connect to Stripe. Please check your network connection and try again.' } };
    });
  }
  function tokenParams(type, data) {
    data = data || {};
    if (type === 'pii') return { pii: { id_number: data.personal_id_number } };
    if (type === 'bank_account') return { bank_account: data };
    if (type === 'account') return { account: data };
    if (type === 'person') return { person: data };
    throw new Error('Invalid value for createToken: type should be one of pii, bank_account, account, person (this fake does not tokenise card Elements). You specified: ' + type + '.');
  }
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Invalid value for Stripe(): apiKey should be a string starting with pk_. You specified: ' + publishableKey + '.');
    }
    return {
      createToken: function (type, data) {
        return postToken(publishableKey, tokenParams(type, data));
      }
    };
  }
  window.Stripe = Stripe;
})();
`;
}
