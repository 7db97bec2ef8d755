import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { expectNoAxeViolations } from "../../test-support/axe.js";
import { answer, fail, failure } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import ChangeMailAddressPage from "./change-mail-address-page.js";
import ChangeMailAddressSuccessPage from "./change-mail-address-success-page.js";
import { findQa, qa, queryQa, storedPerson, userClaims } from "./test/account-fixtures.js";

const successRoute = {
  path: "/konto/email-aendern/danke",
  element: <ChangeMailAddressSuccessPage />,
};

describe("e-mail change (/konto/email-aendern)", () => {
  it("sends the new address and shows where the confirmation mail went", async () => {
    const user = userEvent.setup();
    const { api, container } = await renderApp(<ChangeMailAddressPage />, {
      route: "/konto/email-aendern",
      path: "/konto/email-aendern",
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        changeMailAddress: ({ newEmail }) => answer({ email: newEmail }),
      },
    });
    expect(await findQa("change-mail-address-current")).toHaveTextContent("erika@example.de");
    await expectNoAxeViolations(container);
    expect(qa("change-mail-address-submit")).toBeDisabled();
    await user.type(qa("change-mail-address-new-email"), "neu@example.de");
    await user.tab();
    await user.click(qa("change-mail-address-submit"));
    expect(await findQa("change-mail-address-success-text")).toHaveTextContent(
      "Wir haben eine E-Mail an neu@example.de gesendet.",
    );
    expect(api.calls.find((c) => c.method === "changeMailAddress")?.args).toEqual([
      { newEmail: "neu@example.de" },
    ]);
  });

  it("refuses the address currently used ('must differ from the current one')", async () => {
    const user = userEvent.setup();
    const { api } = await renderApp(<ChangeMailAddressPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson) },
    });
    await user.type(await findQa("change-mail-address-new-email"), "Erika@example.de");
    await user.tab();
    expect(await findQa("change-mail-address-new-email-error")).toHaveTextContent(
      "Die E-Mail-Adresse entspricht der aktuell verwendeten.",
    );
    expect(qa("change-mail-address-submit")).toBeDisabled();
    expect(api.calls.some((c) => c.method === "changeMailAddress")).toBe(false);
  });

  it("opens the failure dialog with the correlation id when the request fails", async () => {
    const user = userEvent.setup();
    await renderApp(<ChangeMailAddressPage />, {
      claims: userClaims,
      extraRoutes: [successRoute],
      api: {
        getMe: () => answer(storedPerson),
        changeMailAddress: () =>
          fail(failure(400, [{ errorCode: "INVALID_EMAIL_ADDRESS" }], "c-5")),
      },
    });
    await user.type(await findQa("change-mail-address-new-email"), "neu@example.de");
    await user.tab();
    await user.click(qa("change-mail-address-submit"));
    const dialog = await findQa("change-mail-address-error-dialog");
    expect(dialog).toHaveTextContent("c-5");
    expect(queryQa("change-mail-address-success-page")).toBeNull();
    // The refusal is the address's: once the dialog closes the field says it and has the focus.
    expect(queryQa("change-mail-address-new-email-error")).toBeNull();
    await user.keyboard("{Escape}");
    expect(await findQa("change-mail-address-new-email-error")).toHaveTextContent(
      "Die E-Mail-Adresse ist ungültig.",
    );
    expect(qa("change-mail-address-new-email")).toHaveFocus();
  });
});

describe("e-mail change success (/konto/email-aendern/danke)", () => {
  const renderSuccess = (resend: () => ReturnType<typeof answer<{ email: string }>>) =>
    renderApp(<ChangeMailAddressSuccessPage />, {
      claims: userClaims,
      api: { getMe: () => answer(storedPerson), resendChangeMailAddress: resend },
    });

  it("resends the mail and confirms the address it went to; offers to re-enter the address", async () => {
    const user = userEvent.setup();
    const { container } = await renderSuccess(() => answer({ email: "neu@example.de" }));
    expect(qa("change-mail-address-success-re-enter")).toHaveAttribute(
      "href",
      "/konto/email-aendern",
    );
    await expectNoAxeViolations(container);
    await user.click(qa("change-mail-address-success-resend"));
    expect(await findQa("change-mail-address-success-resent")).toHaveTextContent(
      "Wir haben die E-Mail erneut an neu@example.de gesendet.",
    );
  });

  it("opens the failure dialog when resending fails", async () => {
    const user = userEvent.setup();
    await renderSuccess(() => fail(failure(429, [{ errorCode: "TOO_MANY_REQUESTS" }], "c-9")));
    await user.click(qa("change-mail-address-success-resend"));
    expect(await findQa("failure-dialog")).toHaveTextContent("c-9");
    expect(queryQa("change-mail-address-success-resent")).toBeNull();
  });
});
