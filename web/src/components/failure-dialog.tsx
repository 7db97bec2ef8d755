import DOMPurify from "dompurify";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import type { DialogText, FailureDialogContent } from "../app/failure-dialog-state.js";
import { SupportContact } from "./support-contact.js";
import { useModalDialog } from "./use-modal-dialog.js";

/** Resolves a dialog text: translation key or literal server text. */
export function useDialogText(): (text: DialogText) => string {
  const { t } = useTranslation("errors");
  return (text) => ("key" in text ? t(text.key, { ...text.params }) : text.text);
}

export interface FailureDialogProps {
  readonly content: FailureDialogContent | null;
  readonly onClose: () => void;
  /** The control that started the failed action; focus returns there on close. */
  readonly opener?: Element | null;
}

/**
 * Where focus goes back to: the opener while it is still there and enabled, else its form,
 * else the page's main heading, so focus never falls to the body.
 */
function returnFocusTo(opener: Element | null): void {
  const usable = (el: Element | null | undefined): el is HTMLElement =>
    el instanceof HTMLElement && el.isConnected && !el.matches(":disabled");
  if (usable(opener)) {
    opener.focus();
    return;
  }
  const fallback =
    (opener?.isConnected ? opener.closest("form") : null) ??
    document.querySelector<HTMLElement>("#main h1") ??
    document.getElementById("main");
  if (!fallback) return;
  if (!fallback.hasAttribute("tabindex")) fallback.tabIndex = -1;
  fallback.focus();
}

/**
 * The modal failure dialog: headline, sanitised HTML message, correlation id and one
 * button. Escape or Enter closes it; focus moves in when it opens and back when it closes.
 */
export function FailureDialog({ content, onClose, opener }: FailureDialogProps) {
  const navigate = useNavigate();
  const text = useDialogText();
  const { t } = useTranslation("errors");
  const { ref, onCancel } = useModalDialog({
    open: content !== null,
    reopenOn: content,
    initialFocus: "button",
    onCancel: onClose,
    opener: opener ?? null,
    restoreFocus: returnFocusTo,
  });

  if (!content) return <dialog ref={ref} aria-hidden="true" hidden />;

  const act = () => {
    const { button } = content;
    onClose();
    if (button.kind === "reload") window.location.reload();
    else if (button.kind === "navigate") navigate(button.to);
    else if (button.kind === "external") window.open(button.href, "_blank", "noopener,noreferrer");
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    // Enter on a link of the message (the support contact) follows the link.
    if (e.key === "Enter" && e.target instanceof HTMLAnchorElement) return;
    if (e.key === "Enter" || e.key === "Escape") {
      e.preventDefault();
      if (e.key === "Enter") act();
      else onClose();
    }
  };
  const html = DOMPurify.sanitize(text(content.message));

  return (
    <dialog
      ref={ref}
      className="failure-dialog"
      aria-modal="true"
      aria-labelledby="failure-dialog-headline"
      aria-describedby="failure-dialog-message"
      data-qa={content.dataQa}
      onCancel={onCancel}
      onKeyDown={onKeyDown}
    >
      <h2 id="failure-dialog-headline">{text(content.headline)}</h2>
      {/* Sanitised with DOMPurify: server and translation texts may carry links or emphasis. */}
      <div
        id="failure-dialog-message"
        data-qa="failure-dialog-message"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
        dangerouslySetInnerHTML={{ __html: html }}
      />
      {content.supportContact ? <SupportContact dataQa="failure-dialog-support-contact" /> : null}
      {content.correlationId ? (
        <p className="failure-dialog__correlation" data-qa="failure-dialog-correlation-id">
          {t("Dialog.Default.CorrelationId", { id: content.correlationId })}
        </p>
      ) : null}
      <div className="actions">
        <button
          type="button"
          className="btn btn--primary"
          data-qa="failure-dialog-button"
          onClick={act}
        >
          {text(content.buttonText)}
        </button>
      </div>
    </dialog>
  );
}
