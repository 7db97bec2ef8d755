import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import type { AppServices } from "./app-services.js";
import { FailureDialogProvider } from "./failure-dialog-provider.js";
import { PersonProvider } from "./person.js";
import { ServicesContext } from "./services-context.js";
import { SessionProvider } from "./session.js";

export interface AppProvidersProps {
  /** The app's services, resolved once from its container (see resolveServices). */
  readonly services: AppServices;
  readonly i18n: I18n;
  readonly children: ReactNode;
}

/**
 * Everything pages need from the app: its services, texts, the failure dialog,
 * the session and the own person. Must sit inside a router.
 */
export function AppProviders({ services, i18n, children }: AppProvidersProps) {
  return (
    <ServicesContext.Provider value={services}>
      <I18nextProvider i18n={i18n}>
        <FailureDialogProvider>
          <SessionProvider>
            <PersonProvider>{children}</PersonProvider>
          </SessionProvider>
        </FailureDialogProvider>
      </I18nextProvider>
    </ServicesContext.Provider>
  );
}
