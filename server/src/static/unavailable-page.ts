import { escapeHtml } from "@portal/core";

/**
 * The page `/benutzerverwaltung/` answers (503) while the web app is not built: says
 * what is missing and how to build it, in the three interface languages.
 */
export const unavailablePage = (webDistDir: string): string => `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>Portal nicht verfügbar / Portal unavailable</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<main>
<h1>Das Portal ist gerade nicht verfügbar.</h1>
<p>Die Web-Anwendung ist noch nicht gebaut. Bitte versuchen Sie es in einigen Minuten erneut.</p>
<h2 lang="en">The portal is not available right now.</h2>
<p lang="en">The web application has not been built yet. Please try again in a few minutes.</p>
<h2 lang="fr">Le portail n'est pas disponible pour le moment.</h2>
<p lang="fr">L'application web n'est pas encore construite. Veuillez réessayer dans quelques minutes.</p>
<p lang="en"><small>Operators: run <code>pnpm -r build</code> (expected <code>${escapeHtml(webDistDir)}/index.html</code>).</small></p>
</main>
</body>
</html>
`;
