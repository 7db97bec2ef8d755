import { parseLanguageCookie, type UiLanguage, uiLanguage } from "@portal/core";
import type { FastifyRequest } from "fastify";

const SHOWN = new Set(["de", "en", "fr"]);

/** The first language of an Accept-Language header the app has texts in, by weight. */
const acceptedLanguage = (header: string | undefined): UiLanguage | undefined => {
  const ranked = (header ?? "")
    .split(",")
    .map((part, order) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { base: tag.trim().slice(0, 2).toLowerCase(), weight, order };
    })
    .filter((t) => SHOWN.has(t.base) && Number.isFinite(t.weight) && t.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  return ranked[0] ? uiLanguage(ranked[0].base) : undefined;
};

/**
 * The language the app showed its texts in when this request was made: the
 * CAS_PREFERRED_LANGUAGE cookie the app and the sign-in pages set on a language switch (as
 * the sign-in pages read it, provider/pages/texts.ts), else the browser's Accept-Language,
 * else the person's preferred language (as mails take it), else German, the default.
 *
 * @example
 * requestLanguage(request, "fr"); // "en" with the cookie CAS_PREFERRED_LANGUAGE=en_US
 */
export const requestLanguage = (
  request: FastifyRequest,
  preferredLanguage: string | null | undefined,
): UiLanguage => {
  const cookie = parseLanguageCookie(request.headers.cookie);
  if (cookie) return uiLanguage(cookie);
  return acceptedLanguage(request.headers["accept-language"]) ?? uiLanguage(preferredLanguage);
};
