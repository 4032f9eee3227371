/* global window, document */
/**
 * Quizcast's fake checkout (PAYMENT_PROVIDER=fake, the default outside production).
 *
 * Implements the part of Razorpay's checkout.js interface the app uses:
 *   var rzp = new window.Razorpay(options);   // window.Razorpay(options) works too
 *   rzp.on('payment.failed', callback);
 *   rzp.open(); rzp.close();
 *   options.handler({ razorpay_payment_id, razorpay_order_id, razorpay_signature })
 *   options.modal.ondismiss()
 *
 * "Pay" asks the server's fake gateway to take the payment; it answers with a payment id and a
 * signature made with the fake key secret exactly as Razorpay makes it, so the app's normal
 * verify-payment call checks it. "Fail" has the gateway decline (and send payment.failed).
 * No money moves and no card details are asked for.
 */
(function () {
  'use strict';

  var GATEWAY = '/api/payments/fake';
  var openInstance = null;

  function rupees(paise) {
    var value = Number(paise) / 100;
    return '\u20B9' + (Number.isInteger(value) ? String(value) : value.toFixed(2));
  }

  function post(path, body) {
    return fetch(GATEWAY + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    }).then(function (res) {
      return res.json().then(function (data) {
        if (!res.ok) {
          var message = data && data.message ? [].concat(data.message).join(', ') : 'Payment failed';
          throw new Error(message);
        }
        return data;
      });
    });
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      node.setAttribute(key, attrs[key]);
    });
    if (text) node.textContent = text;
    return node;
  }

  var BUTTON =
    'min-height:44px;padding:10px 18px;border-radius:12px;font:600 15px/1.2 system-ui,sans-serif;cursor:pointer;border:0;';

  function Checkout(options) {
    if (!(this instanceof Checkout)) return new Checkout(options);
    if (!options || !options.order_id) throw new Error('Fake checkout: options.order_id is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
    this.returnFocus = null;
  }

  Checkout.prototype.on = function (event, callback) {
    (this.listeners[event] = this.listeners[event] || []).push(callback);
    return this;
  };

  Checkout.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (callback) {
      callback(payload);
    });
  };

  Checkout.prototype.open = function () {
    if (openInstance && openInstance !== this) openInstance.close();
    if (this.root) return this;
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the one open checkout, as Razorpay allows
    openInstance = this;
    const o = this.options;
    this.returnFocus = document.activeElement;

    var overlay = el('div', { 'data-fake-checkout': '' });
    overlay.style.cssText =
      'position:fixed;inset:0;z-index:2147483000;display:grid;place-items:center;padding:16px;background:rgba(15,23,42,.6);';

    var dialog = el('div', {
      role: 'dialog',
      'aria-modal': 'true',
      'aria-labelledby': 'fake-checkout-title',
      'aria-describedby': 'fake-checkout-note',
    });
    dialog.style.cssText =
      'width:100%;max-width:360px;background:#fff;color:#0f172a;border-radius:16px;padding:20px;box-shadow:0 20px 50px rgba(0,0,0,.3);font:15px/1.4 system-ui,sans-serif;';

    var header = el('div');
    header.style.cssText = 'display:flex;justify-content:space-between;align-items:start;gap:12px;';
    var title = el('h2', { id: 'fake-checkout-title' }, 'Test checkout');
    title.style.cssText = 'margin:0;font-size:18px;font-weight:700;';
    var close = el('button', { type: 'button', 'aria-label': 'Close' }, '\u00D7');
    close.style.cssText =
      BUTTON + 'min-width:44px;padding:0;background:#f1f5f9;color:#334155;font-size:22px;';
    header.appendChild(title);
    header.appendChild(close);

    var note = el(
      'p',
      { id: 'fake-checkout-note' },
      'Local fake payment gateway: no real money is charged. Choose Pay or Fail.',
    );
    note.style.cssText = 'margin:8px 0 12px;color:#475569;font-size:13px;';

    var summary = el('dl');
    summary.style.cssText = 'margin:0 0 16px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px;';
    [
      ['Merchant', o.name || 'Quizcast'],
      ['For', o.description || ''],
      ['Amount', rupees(o.amount)],
      ['Order', o.order_id],
    ].forEach(function (row) {
      var dt = el('dt', {}, row[0]);
      dt.style.cssText = 'color:#64748b;';
      var dd = el('dd', {}, row[1]);
      dd.style.cssText = 'margin:0;font-weight:600;overflow-wrap:anywhere;';
      summary.appendChild(dt);
      summary.appendChild(dd);
    });

    var status = el('p', { role: 'status', 'aria-live': 'polite' });
    status.style.cssText = 'margin:0 0 12px;min-height:1.4em;color:#b91c1c;font-size:14px;';

    var actions = el('div');
    actions.style.cssText = 'display:flex;gap:8px;';
    var pay = el('button', { type: 'button' }, 'Pay');
    pay.style.cssText = BUTTON + 'flex:1;background:#6d28d9;color:#fff;';
    var fail = el('button', { type: 'button' }, 'Fail');
    fail.style.cssText = BUTTON + 'flex:1;background:#fff;color:#b91c1c;box-shadow:inset 0 0 0 1px #fca5a5;';
    actions.appendChild(pay);
    actions.appendChild(fail);

    dialog.appendChild(header);
    dialog.appendChild(note);
    dialog.appendChild(summary);
    dialog.appendChild(status);
    dialog.appendChild(actions);
    overlay.appendChild(dialog);

    var buttons = [close, pay, fail];
    function busy(on, text) {
      buttons.forEach(function (b) {
        b.disabled = on;
        b.style.opacity = on ? '0.6' : '1';
      });
      status.style.color = on ? '#334155' : '#b91c1c';
      status.textContent = text || '';
    }

    pay.addEventListener('click', () => {
      busy(true, 'Processing payment\u2026');
      post('/pay', { orderId: o.order_id })
        .then((result) => {
          this.close(true);
          if (typeof o.handler === 'function') o.handler(result);
        })
        .catch(function (err) {
          busy(false, err.message || 'Payment could not be processed');
        });
    });

    fail.addEventListener('click', () => {
      busy(true, 'Declining payment\u2026');
      post('/fail', { orderId: o.order_id })
        .catch(function (err) {
          console.warn('Fake checkout: the gateway could not record the failure', err);
          return {
            error: {
              code: 'BAD_REQUEST_ERROR',
              description: 'Payment failed',
              source: 'customer',
              step: 'payment_authorization',
              reason: 'payment_failed',
              metadata: { order_id: o.order_id, payment_id: '' },
            },
          };
        })
        .then((response) => {
          this.close(true);
          this.emit('payment.failed', response);
        });
    });

    close.addEventListener('click', () => {
      this.close();
    });

    overlay.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !close.disabled) {
        event.preventDefault();
        this.close();
      } else if (event.key === 'Tab') {
        var enabled = buttons.filter(function (b) {
          return !b.disabled;
        });
        if (!enabled.length) return event.preventDefault();
        var first = enabled[0];
        var last = enabled[enabled.length - 1];
        if (event.shiftKey && document.activeElement === first) {
          event.preventDefault();
          last.focus();
        } else if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault();
          first.focus();
        }
      }
    });

    document.body.appendChild(overlay);
    this.root = overlay;
    pay.focus();
    return this;
  };

  /** `silent` closes after an outcome; otherwise it is the user dismissing the checkout. */
  Checkout.prototype.close = function (silent) {
    if (!this.root) return;
    this.root.remove();
    this.root = null;
    if (openInstance === this) openInstance = null;
    if (
      this.returnFocus &&
      typeof this.returnFocus.focus === 'function' &&
      document.contains(this.returnFocus)
    ) {
      this.returnFocus.focus();
    }
    if (silent !== true && this.options.modal && typeof this.options.modal.ondismiss === 'function') {
      this.options.modal.ondismiss();
    }
  };

  window.Razorpay = Checkout;
})();
