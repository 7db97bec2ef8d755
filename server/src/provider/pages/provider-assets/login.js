// The provider pages' script (served as login.js; the pages load it deferred, see
// layout.ts). Plain ES5 in one file, no modules: it runs as it is, unbundled, in every
// browser that can show the pages; biome lints it with ES5's allowances (no arrow
// functions, `var` in blocks: the override in biome.json).

// The language switch (`data-language-switch`). Arrow keys on a closed select change its
// value at every step, and sending each one re-translated the page at every step (WCAG
// 3.2.2 "On Input"). So a choice made with keys is sent only on its commit: Enter (on the
// closed select, or its key-up after Enter closed the open list), leaving the select, or
// a pause without another key; Escape puts the page's language back. A pick without
// keys (mouse, touch, a phone's picker) is sent at once. The select shows the page's own
// language on load (a browser restoring form state must not show another one as chosen).
// Without script the switch's own button sends the choice.
// A switch reloads the page (post/redirect/get), which lost an address typed into the
// sign-in form and put the focus at the top of the page (QA2 #7). So the switch takes the
// address field (`data-language-keep`) along when it holds a plausible address (the
// browser's own type=email check; the server checks again and never takes anything else,
// never the password), and the page it returns to (`#language-switcher`, with the
// address: language-switch.ts) gets the address back into its field and the focus on the
// switch; the fragment is removed from the address bar at once.
function keepTyped(form) {
  var typed = document.querySelector("input[data-language-keep]");
  var value = typed ? typed.value.trim() : "";
  if (!value || typed.validity.typeMismatch || value.length > 255) return;
  var keep = form.querySelector("input[name=username]");
  if (!keep) {
    keep = document.createElement("input");
    keep.type = "hidden";
    keep.name = "username";
    form.appendChild(keep);
  }
  keep.value = value;
}
function afterSwitch(select) {
  var hash = location.hash.slice(1);
  if (hash.split("&")[0] !== "language-switcher") return false;
  var typed = new URLSearchParams(hash).get("username");
  var field = document.querySelector("input[data-language-keep]");
  if (typed && field) field.value = typed;
  history.replaceState(history.state, "", location.pathname + location.search);
  select.focus();
  return true;
}
function languageSwitch(select) {
  var own = select.querySelector("option[selected]");
  var page = own ? own.value : select.value;
  select.value = page;
  var keyboard = false;
  var timer;
  // The pause is core's LANGUAGE_KEY_PAUSE_MS, written by the page (layout.ts), so the
  // app's switch and this one wait the same.
  var pause = Number(select.getAttribute("data-key-pause"));
  function send() {
    clearTimeout(timer);
    if (select.value === page) return;
    page = select.value;
    keepTyped(select.form);
    select.form.submit();
  }
  select.addEventListener("pointerdown", function () {
    keyboard = false;
  });
  select.addEventListener("keydown", function (event) {
    keyboard = true;
    clearTimeout(timer);
    if (event.key === "Enter") {
      event.preventDefault();
      send();
      return;
    }
    if (event.key === "Escape" && select.value !== page) {
      event.preventDefault();
      select.value = page;
      return;
    }
    timer = setTimeout(send, pause);
  });
  select.addEventListener("keyup", function (event) {
    if (event.key === "Enter") send();
  });
  select.addEventListener("change", function () {
    clearTimeout(timer);
    if (keyboard) timer = setTimeout(send, pause);
    else send();
  });
  select.addEventListener("blur", send);
}

// Presses the button named by data-auto-submit (RP-initiated logout with id_token_hint);
// shows print buttons (data-print) and prints with them; shows copy buttons (data-copy)
// where the browser lets a page write the clipboard, and says in their status region
// whether the copy worked. On a page answering a refused
// entry, focus goes to the first invalid field, and the view shows its message and its
// whole field (label, control, the error line under it): focus alone scrolled only as far
// as the control, leaving the message below the fold of a phone (or, on the sign-in page,
// its message above the fields out of view).
document.addEventListener("DOMContentLoaded", function () {
  var language = document.querySelector("select[data-language-switch]");
  if (language) languageSwitch(language);
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
  if (navigator.clipboard && window.isSecureContext) {
    document.querySelectorAll("[data-copy]").forEach(function (button) {
      var status = document.getElementById(button.getAttribute("data-copy-status"));
      button.hidden = false;
      button.addEventListener("click", function () {
        var say = function (attribute) {
          if (status) status.textContent = button.getAttribute(attribute);
        };
        if (status) status.textContent = "";
        navigator.clipboard.writeText(button.getAttribute("data-copy")).then(
          function () {
            say("data-copied");
          },
          function () {
            say("data-copy-failed");
          },
        );
      });
    });
  }
  var auto = document.querySelector("[data-auto-submit]");
  if (auto) {
    var button = document.getElementById(auto.getAttribute("data-auto-submit"));
    if (button) {
      button.click();
      return;
    }
  }
  if (language && afterSwitch(language)) return;
  var invalid = document.querySelector("input[aria-invalid=true]");
  if (invalid) {
    invalid.focus({ preventScroll: true });
    var described = (invalid.getAttribute("aria-describedby") || "").split(" ");
    var said = document.getElementById(described[described.length - 1]);
    if (said) said.scrollIntoView({ block: "nearest" });
    (invalid.closest(".field, .checkbox") || invalid).scrollIntoView({ block: "nearest" });
  }
});
