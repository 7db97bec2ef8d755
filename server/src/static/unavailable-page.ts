import { escapeHtml, TEXT_LANGUAGES, type TextLanguage } from "@portal/core";
import { textsFor } from "@portal/core/texts";

/** One language's part of the page: what is missing, and how an operator builds it. */
const part = (language: TextLanguage, webDistDir: string): string => {
  const { t } = textsFor(language);
  // The first language is the page's own (`<html lang="de">`), the others say theirs.
  const [open, close] = language === "de" ? ["<h1>", "</h1>"] : ["<h2>", "</h2>"];
  return `<section lang="${language}">
${open}${escapeHtml(t("server:unavailable.title"))}${close}
<p>${escapeHtml(t("server:unavailable.text"))}</p>
<p><small>${escapeHtml(t("server:unavailable.operators", { command: "pnpm -r build", path: `${webDistDir}/index.html` }))}</small></p>
</section>`;
};

/**
 * The page `/benutzerverwaltung/` answers (503) while the web app is not built: says
 * what is missing and how to build it, in the three interface languages (the person's
 * choice lives in the app that is missing), from the catalogue's `server` namespace.
 */
export const unavailablePage = (webDistDir: string): string => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>${escapeHtml(TEXT_LANGUAGES.map((language) => textsFor(language).t("server:unavailable.windowTitle")).join(" / "))}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
${TEXT_LANGUAGES.map((language) => part(language, webDistDir)).join("\n")}
</main>
</body>
</html>
`;
