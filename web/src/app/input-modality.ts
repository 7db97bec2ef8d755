// Headings and the main region take the focus after a page change (tabindex="-1"), so a
// screen reader reads where the person landed. Chromium counts a script's focus as
// :focus-visible when nothing was clicked in the document yet, which is the case after
// every redirect (the provider's pages, a mailed link): mouse users saw the keyboard's
// focus ring around a heading. The page therefore notes how the person works the page
// (`<html data-input="keyboard|pointer">`, kept for the tab across page loads), and the
// stylesheet rings such targets only for the keyboard (base.css).

const KEY = "portal.input";

/** The attribute base.css reads. */
export type InputModality = "keyboard" | "pointer";

/**
 * Starts noting the input modality on `doc`'s root element; a keyboard user keeps the
 * ring after a redirect, since the last modality is kept in the tab's session storage.
 * Answers the function that stops it.
 *
 * @example
 * trackInputModality(document);
 */
export function trackInputModality(doc: Document, storage: () => Storage = () => sessionStorage) {
  const root = doc.documentElement;
  const set = (modality: InputModality) => {
    if (root.dataset.input === modality) return;
    root.dataset.input = modality;
    try {
      storage().setItem(KEY, modality);
    } catch {
      // Without storage the modality starts unknown (no ring on such targets) each load.
    }
  };
  try {
    const kept = storage().getItem(KEY);
    if (kept === "keyboard" || kept === "pointer") root.dataset.input = kept;
  } catch {
    // As above.
  }
  // Keys that move or act (not a modifier alone, not a shortcut with Ctrl/Cmd).
  const onKey = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || ["Shift", "Control", "Alt", "Meta"].includes(e.key)) return;
    set("keyboard");
  };
  const onPointer = () => set("pointer");
  doc.addEventListener("keydown", onKey, true);
  doc.addEventListener("pointerdown", onPointer, true);
  return () => {
    doc.removeEventListener("keydown", onKey, true);
    doc.removeEventListener("pointerdown", onPointer, true);
  };
}
