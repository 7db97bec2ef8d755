/**
 * The mails' colours and type. They mirror the app's design tokens (web/src/styles/tokens.css:
 * brand, text, muted text, surfaces, border) as literal values, because mail clients read
 * neither CSS custom properties nor external stylesheets; keep the two in step (an
 * integration test, tests/src/design/mail-theme-tokens.test.ts, compares them and checks the
 * contrast of every text on the surface it is used on).
 */
export const MAIL_THEME = {
  /** Header band and button background; links. */
  brand: "#004b87",
  /** The button of an action that cannot be undone (the app's btn--danger); text on it is onBrand. */
  danger: "#b00020",
  /** Text on the brand colour. */
  onBrand: "#ffffff",
  /** Body text. */
  text: "#1a1f25",
  /** Secondary text: the fallback link's sentence, the footer. */
  muted: "#505b67",
  /** The card holding the mail's content. */
  surface: "#ffffff",
  /** Behind the card (and under the footer). */
  canvas: "#f5f7f9",
  /** The box around a one-time code. */
  codeSurface: "#eef4fa",
  /** Hairlines (decoration only, no text on it). */
  border: "#dde2e8",
  /** The system font stack, as in the app: no web font to load or to be blocked. */
  font: "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
  mono: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, monospace",
  /** The widest the content gets; narrower screens get the full width. */
  maxWidth: 600,
} as const;
