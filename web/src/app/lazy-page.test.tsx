import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { LazyPage, PageView } from "./lazy-page.js";

const pageModule = (text: string) => ({ default: () => <p>{text}</p> });

describe("lazy page", () => {
  it("a preloaded page renders in the first pass, without the Suspense fallback", async () => {
    const load = vi.fn(async () => pageModule("Registrieren"));
    const page = new LazyPage(load);
    await page.preload();
    render(
      <Suspense fallback={<p>lädt</p>}>
        <PageView page={page} />
      </Suspense>,
    );
    // No waiting: the page is there in the same render.
    expect(screen.getByText("Registrieren")).toBeInTheDocument();
    expect(screen.queryByText("lädt")).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("a page not loaded yet shows the fallback, then the page; its chunk loads once", async () => {
    const load = vi.fn(async () => pageModule("Passwort vergessen"));
    const page = new LazyPage(load);
    render(
      <Suspense fallback={<p>lädt</p>}>
        <PageView page={page} />
      </Suspense>,
    );
    expect(screen.getByText("lädt")).toBeInTheDocument();
    expect(await screen.findByText("Passwort vergessen")).toBeInTheDocument();
    await page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
