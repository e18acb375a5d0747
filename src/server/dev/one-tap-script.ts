// The dev stand-in for Google's One Tap client script (https://accounts.google.com/gsi/client), served at
// /dev/google-one-tap/client.js when the dev identity provider is on. Its `google.accounts.id` API mirrors
// https://developers.google.com/identity/gsi/web/reference/js-reference: initialize, prompt with moment
// notifications, cancel. Instead of Google's account chooser it renders a small card with a prefilled dev identity;
// Continue asks the service for a dev ID token and hands it to the page's callback, as Google would.
// Stable ids for browser tests: `dev-one-tap` (card), `dev-one-tap-continue`, `dev-one-tap-close`; inputs `email`,
// `name`.

export interface DevOneTapScriptConfig {
  /** The client id the service issued; any other gets `invalid_client`. */
  clientId: string;
  /** Absolute URL of POST /dev/google-one-tap/id-token. */
  idTokenUrl: string;
  /** Page origins allowed to show the prompt (the service's allowed origins and its own). */
  allowedOrigins: string[];
  projectName: string;
  defaultIdentity: { email: string; name: string };
}

/** JSON that is safe inside any script context (no `</script>`, no line separators). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function devOneTapScript(config: DevOneTapScriptConfig): string {
  return `// Dev stand-in for Google's One Tap client (auth-login identity service). Mirrors
// https://developers.google.com/identity/gsi/web/reference/js-reference for local development only.
(function () {
  'use strict';
  var CONFIG = ${scriptJson(config)};
  var settings = null;
  var card = null;
  var listener = null;
  var removeOutsideListener = null;

  function notification(type, reason) {
    return {
      getMomentType: function () { return type; },
      isDisplayMoment: function () { return type === 'display'; },
      isDisplayed: function () { return type === 'display' && !reason; },
      isNotDisplayed: function () { return type === 'display' && !!reason; },
      getNotDisplayedReason: function () { return type === 'display' ? reason : undefined; },
      isSkippedMoment: function () { return type === 'skipped'; },
      getSkippedReason: function () { return type === 'skipped' ? reason : undefined; },
      isDismissedMoment: function () { return type === 'dismissed'; },
      getDismissedReason: function () { return type === 'dismissed' ? reason : undefined; }
    };
  }

  function notify(type, reason) {
    var current = listener;
    if (typeof current === 'function') {
      try { current(notification(type, reason)); } catch (error) { setTimeout(function () { throw error; }); }
    }
  }

  function close(type, reason) {
    if (!card) return;
    if (removeOutsideListener) removeOutsideListener();
    removeOutsideListener = null;
    card.remove();
    card = null;
    notify(type, reason);
  }

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text) node.textContent = text;
    return node;
  }

  function field(form, name, label, type, value, autocomplete) {
    var id = 'dev-one-tap-' + name;
    form.appendChild(element('label', { for: id, style: 'display:block;font-weight:600;margin-top:8px' }, label));
    var input = element('input', {
      id: id, name: name, type: type, value: value, autocomplete: autocomplete, required: '',
      style: 'display:block;width:100%;box-sizing:border-box;padding:6px;font:inherit;' +
        'border:1px solid #6b6b6b;border-radius:4px'
    });
    form.appendChild(input);
    return input;
  }

  function render(parent, floating) {
    card = element('section', { id: 'dev-one-tap', role: 'dialog', 'aria-labelledby': 'dev-one-tap-title',
      style: 'font:14px/1.4 system-ui,sans-serif;color:#1a1a1a;background:#fff;' +
        'border:1px solid #c8c8c8;border-radius:8px;' +
        'box-shadow:0 2px 8px rgba(0,0,0,.2);padding:12px 16px;width:300px;box-sizing:border-box;' +
        (floating ? 'position:fixed;top:16px;right:16px;z-index:2147483647;' : '') });
    var closeButton = element('button', { id: 'dev-one-tap-close', type: 'button', 'aria-label': 'Close',
      style: 'float:right;border:0;background:none;font-size:20px;line-height:1;cursor:pointer;padding:2px 6px'
    }, '\\u00d7');
    card.appendChild(closeButton);
    card.appendChild(element('h2', { id: 'dev-one-tap-title', style: 'font-size:16px;margin:0 0 4px' },
      'Sign in to ' + CONFIG.projectName + ' with Google'));
    card.appendChild(element('p', { style: 'margin:0;color:#4a4a4a;font-size:12px' },
      'Dev identity provider: any identity signs in.'));
    var form = element('form', { novalidate: '' });
    var email = field(form, 'email', 'Email', 'email', CONFIG.defaultIdentity.email, 'email');
    var name = field(form, 'name', 'Name', 'text', CONFIG.defaultIdentity.name, 'name');
    var error = element('p', { role: 'alert', style: 'color:#b00020;margin:6px 0 0' });
    form.appendChild(error);
    var submit = element('button', { id: 'dev-one-tap-continue', type: 'submit',
      style: 'margin-top:10px;padding:6px 14px;font:inherit;color:#fff;background:#1a73e8;' +
        'border:0;border-radius:4px;cursor:pointer'
    }, 'Continue');
    form.appendChild(submit);
    card.appendChild(form);

    function userCancel() { close('skipped', 'user_cancel'); }
    closeButton.addEventListener('click', userCancel);
    card.addEventListener('keydown', function (event) { if (event.key === 'Escape') userCancel(); });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      submit.disabled = true;
      error.textContent = '';
      continueAs(email.value, name.value).catch(function (reason) {
        submit.disabled = false;
        error.textContent = 'Could not sign in: ' + (reason && reason.message ? reason.message : String(reason));
      });
    });
    parent.appendChild(card);

    if (settings.cancel_on_tap_outside !== false) {
      var outside = function (event) { if (card && !card.contains(event.target)) close('skipped', 'tap_outside'); };
      // Registered after this turn, so the click that opened the prompt does not also close it.
      var timer = setTimeout(function () { document.addEventListener('click', outside, true); });
      removeOutsideListener = function () {
        clearTimeout(timer);
        document.removeEventListener('click', outside, true);
      };
    }
  }

  function continueAs(email, name) {
    return fetch(CONFIG.idTokenUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ client_id: settings.client_id, nonce: settings.nonce || '', email: email, name: name })
    }).then(function (response) {
      return response.json().then(function (body) {
        if (!response.ok) throw new Error(body.error_message || ('status ' + response.status));
        return body.id_token;
      });
    }).then(function (credential) {
      var callback = settings.callback;
      close('dismissed', 'credential_returned');
      if (typeof callback === 'function') {
        callback({ credential: credential, select_by: 'user', clientId: settings.client_id });
      }
    });
  }

  function prompt(momentListener) {
    listener = momentListener || null;
    if (!settings || !settings.client_id) return notify('display', 'missing_client_id');
    if (settings.client_id !== CONFIG.clientId) return notify('display', 'invalid_client');
    if (CONFIG.allowedOrigins.indexOf(window.location.origin) < 0) return notify('display', 'unregistered_origin');
    if (card) return;
    var parent = settings.prompt_parent_id ? document.getElementById(settings.prompt_parent_id) : null;
    render(parent || document.body, !parent);
    notify('display');
  }

  var id = {
    initialize: function (config) { settings = Object.assign({}, config || {}); },
    prompt: prompt,
    cancel: function () { close('dismissed', 'cancel_called'); },
    disableAutoSelect: function () {},
    storeCredential: function () {},
    revoke: function (hint, done) { if (typeof done === 'function') done({ successful: true }); },
    renderButton: function () {}
  };
  window.google = window.google || {};
  window.google.accounts = window.google.accounts || {};
  window.google.accounts.id = id;
})();
`;
}
