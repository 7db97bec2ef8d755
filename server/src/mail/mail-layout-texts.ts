import { SHARED_TEXTS } from "@portal/core";
import type { MailLanguage, MailReason } from "./mail-template.js";

/**
 * The words every mail shares around its template's content, per language: the sign-off and
 * the legal notice from core's shared catalogue (the app's footer shows the same link), the
 * rest the mails' own.
 */
export interface MailLayoutTexts {
  /** The closing (core's `Mail.signOff`). */
  readonly signOff: string;
  /** Above the written-out link, for clients that block or break buttons. */
  readonly linkFallback: string;
  readonly reasons: Readonly<Record<MailReason, string>>;
  readonly legalNotice: string;
}

export const MAIL_LAYOUT_TEXTS: Readonly<Record<MailLanguage, MailLayoutTexts>> = {
  de: {
    signOff: SHARED_TEXTS.de.Mail.signOff,
    linkFallback: "Funktioniert die Schaltfläche nicht? Öffnen Sie diesen Link in Ihrem Browser:",
    reasons: {
      registration:
        "Sie erhalten diese E-Mail, weil diese Adresse bei einer Registrierung im Kundenportal angegeben wurde.",
      account:
        "Sie erhalten diese E-Mail, weil zu dieser Adresse ein Konto im Kundenportal besteht.",
      newAddress:
        "Sie erhalten diese E-Mail, weil diese Adresse als neue E-Mail-Adresse eines Kontos im Kundenportal angegeben wurde.",
      deleted:
        "Sie erhalten diese E-Mail, weil das Konto mit dieser Adresse im Kundenportal gelöscht wurde. Weitere E-Mails zu diesem Konto erhalten Sie nicht.",
    },
    legalNotice: SHARED_TEXTS.de.Layout.legalNotice,
  },
  en: {
    signOff: SHARED_TEXTS.en.Mail.signOff,
    linkFallback: "If the button does not work, open this link in your browser:",
    reasons: {
      registration:
        "You receive this e-mail because this address was entered in a registration on the customer portal.",
      account:
        "You receive this e-mail because an account on the customer portal uses this address.",
      newAddress:
        "You receive this e-mail because this address was entered as the new address of an account on the customer portal.",
      deleted:
        "You receive this e-mail because the account with this address on the customer portal was deleted. You will receive no further e-mails about this account.",
    },
    legalNotice: SHARED_TEXTS.en.Layout.legalNotice,
  },
  fr: {
    signOff: SHARED_TEXTS.fr.Mail.signOff,
    linkFallback: "Si le bouton ne fonctionne pas, ouvrez ce lien dans votre navigateur :",
    reasons: {
      registration:
        "Vous recevez cet e-mail parce que cette adresse a été indiquée lors d'une inscription sur le portail client.",
      account:
        "Vous recevez cet e-mail parce qu'un compte du portail client utilise cette adresse.",
      newAddress:
        "Vous recevez cet e-mail parce que cette adresse a été indiquée comme nouvelle adresse d'un compte du portail client.",
      deleted:
        "Vous recevez cet e-mail parce que le compte du portail client associé à cette adresse a été supprimé. Vous ne recevrez plus d'e-mails concernant ce compte.",
    },
    legalNotice: SHARED_TEXTS.fr.Layout.legalNotice,
  },
};
