// The portal theme's one script (a module, so it runs once the page is parsed).
//
// The language switch (`data-language-switch`): each option's value is Keycloak's address of
// this page in that language (its `kc_locale` link). Arrow keys on a closed select change its
// value at every step, and going at each step would re-translate the page at every step (WCAG
// 3.2.2 "On Input"). As the portal's own switch (server/src/provider/pages/provider-assets/
// login.js), a choice made with keys goes only on Enter, on leaving the select or after a
// pause without another key (`data-key-pause`, core's LANGUAGE_KEY_PAUSE_MS); Escape puts the
// page's language back; a pick without keys (mouse, touch, a phone's picker) goes at once.
const languageSwitch = (select) => {
  const own = select.querySelector("option[selected]");
  let page = own ? own.value : select.value;
  select.value = page;
  let keyboard = false;
  let timer;
  const pause = Number(select.getAttribute("data-key-pause")) || 1500;
  const send = () => {
    clearTimeout(timer);
    if (select.value === page) return;
    page = select.value;
    window.location.assign(page);
  };
  select.addEventListener("pointerdown", () => {
    keyboard = false;
  });
  select.addEventListener("keydown", (event) => {
    keyboard = true;
    clearTimeout(timer);
    if (event.key === "Enter") {
      event.preventDefault();
      send();
    } else if (event.key === "Escape" && select.value !== page) {
      event.preventDefault();
      select.value = page;
    } else {
      timer = setTimeout(send, pause);
    }
  });
  select.addEventListener("change", () => {
    clearTimeout(timer);
    if (keyboard) timer = setTimeout(send, pause);
    else send();
  });
  select.addEventListener("blur", send);
};

const language = document.querySelector("select[data-language-switch]");
if (language) languageSwitch(language);

// A page answering a refused entry puts the focus on the first invalid field, as the
// portal's pages do, so a keyboard or screen-reader user lands where the message is.
const invalid = document.querySelector('main [aria-invalid="true"]');
if (invalid) invalid.focus();
