import type { WebTarget } from "@portal/contracts";
import type { WebTargets } from "@portal/core";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leaveFor } from "../../app/navigation.js";
import { answer } from "../../test-support/fakes.js";
import { renderApp } from "../../test-support/render.js";
import { Shell } from "./shell.js";

vi.mock("../../app/navigation.js", async (original) => ({
  ...(await original<typeof import("../../app/navigation.js")>()),
  leaveFor: vi.fn(),
}));

/** Web targets whose one lookup answers when the test says so. */
const heldWebTargets = () => {
  let release: (url: string) => void = () => undefined;
  const pending = new Promise<string>((resolve) => {
    release = resolve;
  });
  const targets: WebTargets = {
    get: (key) =>
      pending.then((url) => answer<WebTarget>({ key, url, sourceSystem: key })) as ReturnType<
        WebTargets["get"]
      >,
  };
  return { targets, release };
};

/**
 * Clicks `link` and answers whether the app left the click to the browser; the browser's
 * own navigation is then stopped (jsdom has none).
 */
const clickLeftToBrowser = (link: HTMLElement, init?: MouseEventInit): boolean => {
  let left = false;
  const last = (event: Event) => {
    left = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", last);
  fireEvent.click(link, init);
  window.removeEventListener("click", last);
  return left;
};

/** A visitor's page at a registration link (key "shop"); answers the header's logo. */
const visitorLogo = async (webTargets: WebTargets): Promise<HTMLElement> => {
  await renderApp(
    <Shell>
      <h1>Inhalt</h1>
    </Shell>,
    { route: "/registrieren?prk=shop", webTargets },
  );
  return screen.getByRole("link", { name: /Startseite/ });
};

describe("the visitor's logo (spec section 2: to the web target of the registration key)", () => {
  afterEach(() => vi.mocked(leaveFor).mockClear());

  it("a click before the lookup has answered waits for it and leads to the web target", async () => {
    const held = heldWebTargets();
    const logo = await visitorLogo(held.targets);
    // The browser's own navigation (to the homepage the link shows meanwhile) is stopped.
    expect(clickLeftToBrowser(logo)).toBe(false);
    expect(leaveFor).not.toHaveBeenCalled();
    held.release("https://shop.example/");
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith("https://shop.example/"));
    expect(leaveFor).toHaveBeenCalledTimes(1);
    // Once answered, the link itself leads there and a click is the browser's again.
    await waitFor(() => expect(logo).toHaveAttribute("href", "https://shop.example/"));
    expect(clickLeftToBrowser(logo)).toBe(true);
  });

  it("a click that opens a new tab is left to the browser", async () => {
    const held = heldWebTargets();
    const logo = await visitorLogo(held.targets);
    expect(clickLeftToBrowser(logo, { ctrlKey: true })).toBe(true);
    held.release("https://shop.example/");
    expect(leaveFor).not.toHaveBeenCalled();
  });
});
