import { expect, test } from "./support/fixtures.js";

const doc = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title></head><body><main><h1>${title}</h1>${main}</main></body></html>`;

// The watch every journey relies on: a scan that finds nothing must mean axe looked, in the
// page and in its same-origin frames (the outbox frames each mail). The pages are served by
// the browser's own routing on the portal's origin; the portal is not asked.
const pages: Record<string, string> = {
  clean: doc("Clean", "<p>Nothing to find.</p>"),
  image: doc("Image", '<img src="/axe-watch/pixel.gif">'),
  framed: doc("Framed", '<iframe title="mail" src="/axe-watch/mail"></iframe>'),
  mail: doc("Mail", "<button></button>"),
};

test("axe finds a violation in the page and in a same-origin frame, and passes a clean page", async ({
  page,
  a11y,
}) => {
  await page.route("**/axe-watch/*", (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop() ?? "";
    return route.fulfill({ contentType: "text/html", body: pages[name] ?? "" });
  });
  await page.goto("/axe-watch/clean");
  await a11y.scan(page, "(clean)");

  await page.goto("/axe-watch/image");
  await expect(a11y.scan(page, "(image)")).rejects.toThrow(/image-alt/);

  await page.goto("/axe-watch/framed");
  await expect(page.frameLocator("iframe").locator("h1")).toHaveText("Mail");
  await expect(a11y.scan(page, "(frame)")).rejects.toThrow(/button-name/);
});
