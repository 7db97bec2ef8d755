import type { LoginClaims, Person } from "@portal/contracts";
import type { UserManagementApi } from "@portal/core";
import { basePerson } from "@portal/core/testing";
import { configure, screen } from "@testing-library/react";
import { answer } from "../../../test-support/fakes.js";

// The app's stable selectors are data-qa attributes (spec: every control has one).
configure({ testIdAttribute: "data-qa" });

/** A stored person as `GET /persons/me` answers it. */
export const storedPerson: Person = {
  ...basePerson,
  salutation: "MS",
  dateOfBirth: "1980-02-29",
  telephoneNumber: {
    countryDialingCode: "+49",
    areaDialingCode: "30",
    subscriberNumber: "123456",
    extensionNumber: null,
  },
  department: "Einkauf",
  preferredLanguage: "de",
  consentMarketing: "GIVEN",
  consentMarketingLastUpdatedAt: "2024-03-05T10:00:00Z",
};

/**
 * Claims of a person who signed in just now, whenever a test reads them, so sensitive
 * changes need no new sign-in: the module lives as long as the worker (no isolation), and a
 * time read once at import was older than the fresh sign-in's 5 minutes a few files later.
 */
const signedInNow = <T extends Omit<LoginClaims, "auth_time">>(claims: T): T & LoginClaims => ({
  ...claims,
  get auth_time() {
    return Math.floor(Date.now() / 1000);
  },
});

/** Claims of a signed-in internal user (no member mapping). */
export const userClaims: LoginClaims = signedInNow({ cr_id: "p-1", cr_userrole: [] });

/** Claims of a signed-in member user (non-empty cr_mapping). */
export const memberClaims: LoginClaims = signedInNow({
  cr_id: "p-1",
  cr_mapping: "M-1",
  cr_membernumber: "1234567",
  cr_userrole: [],
});

/**
 * The calls a signed-in page makes beside the section under test, answered: the own person
 * and no remembered browsers. Left to the fake's 501, the person's load opens the failure
 * dialog, which takes the focus whenever it lands, e.g. between a test's focus and its Enter.
 */
export const memberApi = {
  getMe: () => answer(storedPerson),
  getRememberedDevices: () => answer([]),
} satisfies Partial<UserManagementApi>;

/** The element with a data-qa, or a failing query. */
export const qa = (name: string): HTMLElement => screen.getByTestId(name);
/**
 * Waits for the element with a data-qa. Up to 10 s: the profile form (240 dialling codes,
 * 101 years) re-renders slowly in jsdom on a busy 2-core machine.
 */
export const findQa = (name: string): Promise<HTMLElement> =>
  screen.findByTestId(name, {}, { timeout: 10_000 });
/** The element with a data-qa, or null. */
export const queryQa = (name: string): HTMLElement | null => screen.queryByTestId(name);

/** A promise that never settles: keeps a call pending. */
export const pending = <T>(): Promise<T> => new Promise<T>(() => undefined);
