// Apart from the schemas (person.ts): the web app's forms offer these lists without
// loading effect's Schema.

/** Salutations of spec section 3; `UNKNOWN` is sent as null. */
export const SALUTATIONS = ["MS", "MR", "MX", "UNKNOWN"] as const;

/** Academic titles of spec section 3. */
export const TITLES = ["DR", "PROF"] as const;

/** The five interface languages a person may prefer (spec section 1). */
export const PREFERRED_LANGUAGES = ["de", "de-AT", "en", "fr", "fr-LU"] as const;
