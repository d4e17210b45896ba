/** Where the real Stripe.js loads from: Playwright routes this URL to the fake's script. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

/** The fake Stripe.js's card Element and 3-D Secure dialog, in plain ES5 (it runs in any page). */
const ELEMENTS_AND_DIALOG = `
  var mountedCards = [];
  function resolveTarget(target) {
    if (typeof target === 'string') return document.querySelector(target);
    return target;
  }
  function labelled(labelText, name, autocomplete, placeholder) {
    var label = document.createElement('label');
    label.style.display = 'block';
    label.appendChild(document.createTextNode(labelText));
    var input = document.createElement('input');
    input.name = name;
    input.type = 'text';
    input.setAttribute('autocomplete', autocomplete);
    input.setAttribute('inputmode', 'numeric');
    input.placeholder = placeholder;
    label.appendChild(input);
    return { label: label, input: input };
  }
  function CardElement() {
    var handlers = {};
    var container = null;
    var inputs = null;
    var element = {
      mount: function (target) {
        var parent = resolveTarget(target);
        if (!parent) throw new Error('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
        container = document.createElement('div');
        container.className = 'FakeStripeElement FakeStripeElement--card';
        var number = labelled('Card number', 'cardnumber', 'cc-number', '1234 1234 1234 1234');
        var expiry = labelled('Expiration date (MM / YY)', 'exp-date', 'cc-exp', 'MM / YY');
        var cvc = labelled('CVC', 'cvc', 'cc-csc', 'CVC');
        inputs = { number: number.input, expiry: expiry.input, cvc: cvc.input };
        [number, expiry, cvc].forEach(function (field) {
          container.appendChild(field.label);
          field.input.addEventListener('input', function () { emit('change', element._state()); });
        });
        parent.appendChild(container);
        mountedCards.push(element);
        setTimeout(function () { emit('ready', { elementType: 'card' }); }, 0);
      },
      unmount: function () {
        if (container && container.parentNode) container.parentNode.removeChild(container);
        container = null;
      },
      destroy: function () {
        element.unmount();
        mountedCards = mountedCards.filter(function (item) { return item !== element; });
      },
      clear: function () {
        if (!inputs) return;
        inputs.number.value = '';
        inputs.expiry.value = '';
        inputs.cvc.value = '';
      },
      focus: function () { if (inputs) inputs.number.focus(); },
      update: function () {},
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (item) { return item !== handler; });
        return element;
      },
      _state: function () {
        var card = element._card();
        var empty = !card.number && !card.exp_month && !card.cvc;
        return { elementType: 'card', empty: empty, complete: card.number.length >= 12 && !!card.exp_month && !!card.exp_year && card.cvc.length >= 3, brand: card.number.charAt(0) === '4' ? 'visa' : card.number.charAt(0) === '5' ? 'mastercard' : 'unknown' };
      },
      _card: function () {
        if (!inputs) return { number: '', exp_month: '', exp_year: '', cvc: '' };
        var expiry = inputs.expiry.value.replace(/\\s+/g, '').split('/');
        return { number: inputs.number.value.replace(/\\s+/g, ''), exp_month: expiry[0] || '', exp_year: expiry[1] || '', cvc: inputs.cvc.value.trim() };
      }
    };
    function emit(event, payload) {
      (handlers[event] || []).forEach(function (handler) { handler(payload); });
    }
    return element;
  }
  function isCardElement(value) {
    return mountedCards.indexOf(value) !== -1;
  }
  /** Stripe's test modal: a dialog with "Complete authentication" and "Fail authentication". */
  function challenge(amountText) {
    return new Promise(function (resolve) {
      var backdrop = document.createElement('div');
      backdrop.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,0.4);display:flex;align-items:center;justify-content:center;z-index:2147483647';
      var dialog = document.createElement('div');
      dialog.setAttribute('role', 'dialog');
      dialog.setAttribute('aria-modal', 'true');
      dialog.setAttribute('aria-labelledby', 'fake-stripe-3ds-title');
      dialog.style.cssText = 'background:#fff;padding:24px;border-radius:8px;max-width:360px;font-family:sans-serif';
      var title = document.createElement('h2');
      title.id = 'fake-stripe-3ds-title';
      title.textContent = '3D Secure 2 Test Page';
      var text = document.createElement('p');
      text.textContent = 'Authenticate a payment of ' + amountText + '. This is a test: choose how the bank answers.';
      dialog.appendChild(title);
      dialog.appendChild(text);
      [['complete', 'Complete authentication'], ['fail', 'Fail authentication']].forEach(function (choice) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = choice[1];
        button.addEventListener('click', function () {
          if (backdrop.parentNode) backdrop.parentNode.removeChild(backdrop);
          resolve(choice[0]);
        });
        dialog.appendChild(button);
      });
      backdrop.appendChild(dialog);
      document.body.appendChild(backdrop);
      var first = dialog.querySelector('button');
      if (first) first.focus();
    });
  }
`;

/**
 * The source of a fake Stripe.js: `window.Stripe(publishableKey)` with `createToken`, `elements()` (a card Element
 * with labelled number, expiry and CVC inputs), `confirmCardPayment`, `confirmUsBankAccountPayment`,
 * `handleCardAction`, `confirmCardSetup`, `confirmUsBankAccountSetup`, `verifyMicrodepositsForPayment`,
 * `verifyMicrodepositsForSetup` and `retrievePaymentIntent`. It calls the fake's API with the publishable
 * key as a form field (as Stripe.js does, so no CORS preflight is needed), shows an in-page 3-D Secure dialog, and
 * answers `{ token }`, `{ paymentIntent }`, `{ setupIntent }` or `{ error }` like Stripe.js.
 */
export function fakeStripeJsSource(apiBaseUrl: string): string {
  return `(function () {
  'use strict';
  var API_BASE = ${JSON.stringify(apiBaseUrl.replace(/\/+$/, ''))};
  var CONNECTION_ERROR = { type: 'api_connection_error', message: 'We could not connect to Stripe. Please check your network connection and try again.' };
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
  function call(method, key, path, params) {
    var body = formBody(key, params);
    var request = method === 'GET' ? fetch(API_BASE + path + '?' + body) : fetch(API_BASE + path, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: body });
    return request.then(function (response) {
      return response.json().then(function (answer) {
        return response.ok ? { ok: answer } : { error: answer.error };
      });
    }, function () {
      return { error: CONNECTION_ERROR };
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
  function intentId(clientSecret, prefix) {
    var match = typeof clientSecret === 'string' ? clientSecret.match(new RegExp('^(' + prefix + '_[A-Za-z0-9]+)_secret_')) : null;
    if (!match) throw new Error('Invalid value for client_secret: should be a client secret of the form ' + prefix + '_..._secret_... You specified: ' + clientSecret + '.');
    return match[1];
  }
  ${ELEMENTS_AND_DIALOG}
  function methodParams(paymentMethod, type) {
    if (typeof paymentMethod === 'string') return { payment_method: paymentMethod };
    if (!paymentMethod) return {};
    var data = { type: type };
    if (paymentMethod.billing_details) data.billing_details = paymentMethod.billing_details;
    if (type === 'card') {
      var card = paymentMethod.card;
      data.card = isCardElement(card) ? card._card() : card;
    } else {
      data.us_bank_account = paymentMethod.us_bank_account;
    }
    return { payment_method_data: data };
  }
  function amountText(intent) {
    return intent.amount === undefined ? 'this card' : (intent.amount / 100).toFixed(2) + ' ' + String(intent.currency).toUpperCase();
  }
  /** Runs the challenge for an intent in requires_action, then answers as Stripe.js: the intent, or its error. */
  function finishAction(key, kind, intent, clientSecret) {
    if (intent.status !== 'requires_action') return Promise.resolve({ ok: intent });
    var path = kind === 'payment_intent' ? '/_stripejs/payment_intents/' : '/_stripejs/setup_intents/';
    return challenge(amountText(intent)).then(function (outcome) {
      return call('POST', key, path + intent.id + '/authenticate', { client_secret: clientSecret, outcome: outcome });
    });
  }
  function answer(kind, result) {
    if (result.error) return { error: result.error };
    var intent = result.ok;
    var lastError = kind === 'payment_intent' ? intent.last_payment_error : intent.last_setup_error;
    if (intent.status === 'requires_payment_method' && lastError) {
      var error = { type: lastError.type, code: lastError.code, message: lastError.message };
      if (lastError.decline_code) error.decline_code = lastError.decline_code;
      error[kind] = intent;
      return { error: error };
    }
    return kind === 'payment_intent' ? { paymentIntent: intent } : { setupIntent: intent };
  }
  function confirmIntent(key, kind, clientSecret, params, handleActions) {
    var prefix = kind === 'payment_intent' ? 'pi' : 'seti';
    var id = intentId(clientSecret, prefix);
    var path = (kind === 'payment_intent' ? '/v1/payment_intents/' : '/v1/setup_intents/') + id + '/confirm';
    params.client_secret = clientSecret;
    return call('POST', key, path, params).then(function (result) {
      if (result.error || handleActions === false) return answer(kind, result);
      return finishAction(key, kind, result.ok, clientSecret).then(function (finished) { return answer(kind, finished); });
    });
  }
  /** The payer's proof of a bank account typed by hand: the code (or the two amounts) of the microdeposit on their statement. */
  function verifyMicrodeposits(key, kind, clientSecret, data) {
    var id = intentId(clientSecret, kind === 'payment_intent' ? 'pi' : 'seti');
    var path = (kind === 'payment_intent' ? '/v1/payment_intents/' : '/v1/setup_intents/') + id + '/verify_microdeposits';
    var params = { client_secret: clientSecret };
    data = data || {};
    if (data.descriptor_code !== undefined) params.descriptor_code = data.descriptor_code;
    if (data.amounts !== undefined) params.amounts = data.amounts;
    return call('POST', key, path, params).then(function (result) { return answer(kind, result); });
  }
  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Invalid value for Stripe(): apiKey should be a string starting with pk_. You specified: ' + publishableKey + '.');
    }
    return {
      createToken: function (type, data) {
        return call('POST', publishableKey, '/v1/tokens', tokenParams(type, data)).then(function (result) {
          return result.error ? { error: result.error } : { token: result.ok };
        });
      },
      elements: function () {
        return {
          create: function (type) {
            if (type !== 'card') throw new Error('This fake Stripe.js makes only the card Element; you asked for ' + type + '.');
            return CardElement();
          },
          getElement: function (type) {
            return type === 'card' ? mountedCards[mountedCards.length - 1] || null : null;
          }
        };
      },
      confirmCardPayment: function (clientSecret, data, options) {
        data = data || {};
        var params = methodParams(data.payment_method, 'card');
        if (data.return_url) params.return_url = data.return_url;
        if (data.setup_future_usage) params.setup_future_usage = data.setup_future_usage;
        return confirmIntent(publishableKey, 'payment_intent', clientSecret, params, options && options.handleActions);
      },
      confirmUsBankAccountPayment: function (clientSecret, data) {
        data = data || {};
        var params = methodParams(data.payment_method, 'us_bank_account');
        // Stripe.js shows the mandate text and records the payer's online acceptance on confirmation.
        params.mandate_data = { customer_acceptance: { type: 'online', online: { infer_from_client: 'true' } } };
        return confirmIntent(publishableKey, 'payment_intent', clientSecret, params, false);
      },
      confirmUsBankAccountSetup: function (clientSecret, data) {
        data = data || {};
        var params = methodParams(data.payment_method, 'us_bank_account');
        // As for a payment: Stripe.js shows the mandate text and records the payer's online acceptance on confirmation.
        params.mandate_data = { customer_acceptance: { type: 'online', online: { infer_from_client: 'true' } } };
        return confirmIntent(publishableKey, 'setup_intent', clientSecret, params, false);
      },
      confirmCardSetup: function (clientSecret, data, options) {
        data = data || {};
        return confirmIntent(publishableKey, 'setup_intent', clientSecret, methodParams(data.payment_method, 'card'), options && options.handleActions);
      },
      verifyMicrodepositsForPayment: function (clientSecret, data) {
        return verifyMicrodeposits(publishableKey, 'payment_intent', clientSecret, data);
      },
      verifyMicrodepositsForSetup: function (clientSecret, data) {
        return verifyMicrodeposits(publishableKey, 'setup_intent', clientSecret, data);
      },
      handleCardAction: function (clientSecret) {
        var id = intentId(clientSecret, 'pi');
        return call('GET', publishableKey, '/v1/payment_intents/' + id, { client_secret: clientSecret }).then(function (result) {
          if (result.error) return { error: result.error };
          return finishAction(publishableKey, 'payment_intent', result.ok, clientSecret).then(function (finished) { return answer('payment_intent', finished); });
        });
      },
      retrievePaymentIntent: function (clientSecret) {
        var id = intentId(clientSecret, 'pi');
        return call('GET', publishableKey, '/v1/payment_intents/' + id, { client_secret: clientSecret }).then(function (result) {
          return result.error ? { error: result.error } : { paymentIntent: result.ok };
        });
      }
    };
  }
  window.Stripe = Stripe;
})();
`;
}
