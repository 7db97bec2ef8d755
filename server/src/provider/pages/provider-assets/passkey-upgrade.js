// Issue 49: a passkey without a dialog after a password sign-in (passkey-upgrade.ts).
// On the sign-in page: says in the form's hidden `passkey_upgrade` whether this browser can
// create a passkey without a dialog (getClientCapabilities' conditionalCreate); only then
// does the server show the page between the sign-in and the app.
// On that page: asks the browser for the passkey (SimpleWebAuthn's useAutoRegister, i.e.
// mediation "conditional") and posts the form when it answers, refuses, or after the
// page's wait, whichever comes first, so the sign-in goes on in every case. Plain ES5.
document.addEventListener("DOMContentLoaded", function () {
  var hint = document.querySelector("input[data-passkey-upgrade-hint]");
  var PKC = window.PublicKeyCredential;
  if (hint && PKC && typeof PKC.getClientCapabilities === "function") {
    PKC.getClientCapabilities().then(
      function (capabilities) {
        if (capabilities && capabilities.conditionalCreate === true) {
          hint.value = "conditional-create";
        }
      },
      function () {},
    );
  }

  var form = document.querySelector("form[data-passkey-upgrade]");
  if (!form) {
    return;
  }
  var lib = window.SimpleWebAuthnBrowser;
  var field = form.querySelector("input[name=credential]");
  var sent = false;
  var send = function (response) {
    if (sent) {
      return;
    }
    sent = true;
    field.value = response ? JSON.stringify(response) : "";
    form.submit();
  };
  var wait = Number(form.getAttribute("data-passkey-upgrade-wait")) || 3000;
  if (!lib) {
    send(null);
    return;
  }
  window.setTimeout(function () {
    lib.WebAuthnAbortService.cancelCeremony();
    send(null);
  }, wait);
  lib
    .startRegistration({
      optionsJSON: JSON.parse(form.getAttribute("data-webauthn-options")),
      useAutoRegister: true,
    })
    .then(send, function (error) {
      // The browser's reason (NotAllowedError: nothing to upgrade) for whoever debugs.
      if (window.console && error) {
        console.info("passkey upgrade:", error.name, error.message);
      }
      send(null);
    });
});
