import { createHash } from "node:crypto";

/**
 * The one inline script of a framed page: it asks for the app's entry (its `data-entry`)
 * once the browser reports the frame's first contentful paint (after 1 s at the latest, at
 * once in a background tab). A script tag's download would compete with the frame's paint
 * on a slow phone, and Lighthouse counts every request started before the largest paint as
 * one it waited for. The text never changes, so one hash in the CSP allows exactly it.
 * Until the app has taken the frame over, it also stops the browser's own submission of the
 * app's forms: Enter would send every field, the password too, by GET in the address.
 */
export const FRAME_LOADER_SCRIPT =
  "(function(s){var e=s.getAttribute('data-entry'),d=0;" +
  "document.addEventListener('submit',function(v){var f=v.target;" +
  "if(f&&f.closest&&f.closest('#root'))v.preventDefault()},true);" +
  "function go(){if(d)return;d=1;var m=document.createElement('script');" +
  "m.type='module';m.crossOrigin='';m.src=e;document.head.appendChild(m)}" +
  "if(document.visibilityState==='hidden')return go();" +
  "try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()})" +
  ".observe({type:'paint',buffered:true})}catch(x){go()}setTimeout(go,1000)})(document.currentScript)";

/** The CSP source that allows {@link FRAME_LOADER_SCRIPT} and no other inline script. */
export const FRAME_LOADER_CSP_SOURCE = `'sha256-${createHash("sha256").update(FRAME_LOADER_SCRIPT).digest("base64")}'`;

/** index.html's entry: Vite writes one module script with the entry's hashed path. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"<>]+)"><\/script>/;

/**
 * index.html with its entry script replaced by {@link FRAME_LOADER_SCRIPT}, which loads the
 * same entry after the frame's paint; unchanged when it has no such entry.
 *
 * @example
 * withFrameLoader('<script type="module" crossorigin src="/a/index-1.js"></script>');
 * // '<script data-entry="/a/index-1.js">(function(s){…})(document.currentScript)</script>'
 */
export const withFrameLoader = (indexHtml: string): string =>
  indexHtml.replace(
    ENTRY_SCRIPT,
    (_tag, entry: string) => `<script data-entry="${entry}">${FRAME_LOADER_SCRIPT}</script>`,
  );
