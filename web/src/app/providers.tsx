import type { i18n as I18n } from "i18next";
import type { Container } from "inversify";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { ContainerContext } from "./container-context.js";
import { FailureDialogProvider } from "./failure-dialog-provider.js";
import { PersonProvider } from "./person.js";
import { SessionProvider } from "./session.js";

export interface AppProvidersProps {
  readonly container: Container;
  readonly i18n: I18n;
  readonly children: ReactNode;
}

/**
 * Everything pages need from the app: container services, texts, the failure dialog,
 * the session and the own person. Must sit inside a router.
 */
export function AppProviders({ container, i18n, children }: AppProvidersProps) {
  return (
    <ContainerContext.Provider value={container}>
      <I18nextProvider i18n={i18n}>
        <FailureDialogProvider>
          <SessionProvider>
            <PersonProvider>{children}</PersonProvider>
          </SessionProvider>
        </FailureDialogProvider>
      </I18nextProvider>
    </ContainerContext.Provider>
  );
}
