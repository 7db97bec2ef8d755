// What a web test file may change in the worker's shared jsdom, and how to put it back
// (setup.ts calls it after every file): the address, cookies, storage and the document.

const INITIAL = Symbol.for("portal.web-tests.initial-browser-state");

interface InitialState {
  readonly href: string;
  readonly title: string;
  readonly head: string;
  readonly htmlAttributes: ReadonlyArray<readonly [string, string]>;
}

// Taken once per worker, before the first file ran (setup files run before a file's tests);
// kept on the global object, which outlives the module when setup.ts is evaluated again.
const holder = globalThis as typeof globalThis & { [INITIAL]?: InitialState };
holder[INITIAL] ??= {
  href: window.location.href,
  title: document.title,
  head: document.head.innerHTML,
  htmlAttributes: [...document.documentElement.attributes].map((a) => [a.name, a.value] as const),
};
const initial: InitialState = holder[INITIAL];

const clearCookies = () => {
  for (const pair of document.cookie.split(";")) {
    const name = pair.split("=")[0]?.trim();
    if (!name) continue;
    // A cookie is removed with the path and domain it was set with: the root and the
    // current path, without a domain and with the page's (the language cookie's domain).
    for (const path of ["/", window.location.pathname]) {
      for (const domain of ["", `; domain=${window.location.hostname}`]) {
        // biome-ignore lint/suspicious/noDocumentCookie: the test set-up expires what a file set
        document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}${domain}`;
      }
    }
  }
};

/** Puts the shared jsdom back as it was before the worker's first test file. */
export const restoreBrowserState = (): void => {
  clearCookies();
  window.localStorage.clear();
  window.sessionStorage.clear();
  window.history.replaceState(null, "", initial.href);
  document.body.innerHTML = "";
  document.head.innerHTML = initial.head;
  document.title = initial.title;
  const html = document.documentElement;
  for (const name of html.getAttributeNames()) html.removeAttribute(name);
  for (const [name, value] of initial.htmlAttributes) html.setAttribute(name, value);
};
