// The passkey forms' script (served as passkey.js after SimpleWebAuthn's browser bundle,
// webauthn-browser.js; see passkey-pages.ts). Plain ES5, like login.js.
// The browser side of the passkey forms (passkey-pages.ts): shows the passkey parts where
// the browser can use passkeys, runs registration or sign-in on the form's button (also
// when Enter sends the form), offers passkeys in the username's autofill (conditional UI)
// where the browser supports it, and posts the browser's answer in `credential`. A failed
// or cancelled dialog shows the form's failure text in its alert; the button ends a pending
// autofill request before it starts its own. A registration the browser refuses because the
// device already holds one of the person's passkeys says so (data-webauthn-exists).
document.addEventListener("DOMContentLoaded", function () {
  var lib = window.SimpleWebAuthnBrowser;
  var forms = document.querySelectorAll("form[data-webauthn]");
  if (!lib || forms.length === 0 || !lib.browserSupportsWebAuthn()) {
    return;
  }
  document.querySelectorAll("[data-webauthn-section]").forEach(function (section) {
    section.hidden = false;
  });
  document.querySelectorAll("[data-webauthn-unsupported]").forEach(function (notice) {
    notice.hidden = true;
  });
  forms.forEach(function (form) {
    var options = JSON.parse(form.getAttribute("data-webauthn-options"));
    var field = form.querySelector("input[name=credential]");
    var status = document.getElementById(form.getAttribute("data-webauthn-status"));
    var start = form.querySelector("[data-webauthn-start]");
    var register = form.getAttribute("data-webauthn") === "register";
    var send = function (response) {
      field.value = JSON.stringify(response);
      form.submit();
    };
    var fail = function (error) {
      // The browser's reason (NotAllowedError, SecurityError, ...) for whoever debugs.
      if (window.console && error) {
        console.warn("passkey:", error.name, error.message);
      }
      start.disabled = false;
      var exists =
        error && error.name === "InvalidStateError" && form.getAttribute("data-webauthn-exists");
      status.textContent = exists || form.getAttribute("data-webauthn-failed");
      status.hidden = false;
    };
    // The autofill request, settled either way: Chromium refuses a second request while
    // one is pending, so the button's request waits until the cancelled one has ended.
    var autofill = null;
    form.addEventListener("submit", function (event) {
      if (event.submitter && !event.submitter.hasAttribute("data-webauthn-start")) {
        return;
      }
      event.preventDefault();
      status.hidden = true;
      start.disabled = true;
      var run = function () {
        var ceremony = register
          ? lib.startRegistration({ optionsJSON: options })
          : lib.startAuthentication({ optionsJSON: options });
        ceremony.then(send, fail);
      };
      if (autofill) {
        lib.WebAuthnAbortService.cancelCeremony();
        autofill.then(run);
        autofill = null;
      } else {
        run();
      }
    });
    if (form.hasAttribute("data-webauthn-autofill")) {
      lib.browserSupportsWebAuthnAutofill().then(function (supported) {
        if (!supported) {
          return;
        }
        var request = lib.startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
        autofill = request.then(
          function (response) {
            send(response);
          },
          function () {},
        );
      });
    }
  });
});
