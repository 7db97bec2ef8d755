import { nameSearchValue } from "./normalise.js";
import {
  BRAND_HEADS,
  BRAND_TAILS,
  LEGAL_FORMS_AT,
  LEGAL_FORMS_DE,
  LEGAL_FORMS_LU,
  type LegalForm,
  SECTORS,
  TRADES,
} from "./vocabulary-business.js";
import { GIVEN_NAMES, SURNAMES } from "./vocabulary-people.js";
import { PLACES_AT, PLACES_DE, PLACES_LU, type Place, REGIONS } from "./vocabulary-places.js";

/** One synthetic company, ready to insert (see db/schema/companies.ts). */
export interface GeneratedCompany {
  readonly crefonummer: string;
  readonly name: string;
  readonly legalForm: string;
  readonly city: string;
  readonly postalCode: string;
  readonly countryCode: "DE" | "AT" | "LU";
  readonly representatives: string[];
  readonly nameSearch: string;
  readonly nameLength: number;
}

type Random = () => number;

// mulberry32: tiny, fast and good enough for synthetic data; seeded per company so any
// slice of the register can be generated on its own and always comes out the same.
const mulberry32 = (seed: number): Random => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

const pick = <T>(random: Random, list: readonly T[]): T =>
  list[Math.floor(random() * list.length)] as T;

const pickForm = (random: Random, forms: readonly LegalForm[]): string => {
  const total = forms.reduce((sum, f) => sum + f.weight, 0);
  let roll = random() * total;
  for (const f of forms) {
    roll -= f.weight;
    if (roll < 0) return f.form;
  }
  return forms[0]!.form;
};

// 9e9 = 2^9 * 3^2 * 5^9; the multiplier is coprime to it, so index -> number is a
// bijection over [0, 9e9): every company gets a different ten-digit crefonummer that
// does not look sequential.
const CREFO_SPACE = 9_000_000_000;
const CREFO_MULTIPLIER = 7_919_423;
const CREFO_OFFSET = 1_234_567;

/** The crefonummer of the company with this index (ten digits, unique per index). */
export const crefonummerFor = (index: number): string =>
  String(1_000_000_000 + ((index * CREFO_MULTIPLIER + CREFO_OFFSET) % CREFO_SPACE));

const brand = (random: Random): string => {
  const head = pick(random, BRAND_HEADS);
  const tail = pick(random, BRAND_TAILS);
  return head + tail;
};

const person = (random: Random): string => `${pick(random, GIVEN_NAMES)} ${pick(random, SURNAMES)}`;

// The name patterns of a real register, with rough weights.
const baseName = (random: Random, city: string): string => {
  const roll = random();
  const surname = pick(random, SURNAMES);
  if (roll < 0.22) return `${surname} ${pick(random, TRADES)}`;
  if (roll < 0.36) return `${pick(random, TRADES)} ${surname}`;
  if (roll < 0.56) return `${brand(random)} ${pick(random, SECTORS)}`;
  if (roll < 0.66) return `${surname} & ${pick(random, SURNAMES)}`;
  if (roll < 0.74) return `${pick(random, REGIONS)} ${pick(random, SECTORS)}`;
  if (roll < 0.8) return `${surname} & Söhne`;
  if (roll < 0.88) return `${person(random)} ${pick(random, TRADES)}`;
  if (roll < 0.94) return `${pick(random, TRADES)} ${surname} ${city}`;
  return brand(random);
};

const country = (random: Random): GeneratedCompany["countryCode"] => {
  const roll = random();
  return roll < 0.8 ? "DE" : roll < 0.92 ? "AT" : "LU";
};

const PLACES = { DE: PLACES_DE, AT: PLACES_AT, LU: PLACES_LU } as const;
const FORMS = { DE: LEGAL_FORMS_DE, AT: LEGAL_FORMS_AT, LU: LEGAL_FORMS_LU } as const;

const postalCode = (random: Random, place: Place, countryCode: string): string => {
  const code = place.postalBase + Math.floor(random() * place.postalSpan);
  return String(code).padStart(countryCode === "DE" ? 5 : 4, "0");
};

/**
 * The company with this index of the synthetic register of `seed`: a German, Austrian
 * or Luxembourgish name with its legal form, town, postal code and representatives.
 * The same (index, seed) always gives the same company.
 *
 * @example
 * generateCompany(0).name; // e.g. "Novatec Software GmbH"
 */
export const generateCompany = (index: number, seed = 1): GeneratedCompany => {
  const random = mulberry32(Math.imul(index + 1, 0x9e3779b1) ^ seed);
  const countryCode = country(random);
  const place = pick(random, PLACES[countryCode]);
  const legalForm = pickForm(random, FORMS[countryCode]);
  const name = `${baseName(random, place.city)} ${legalForm}`;
  const representativeCount = 1 + Math.floor(random() * 3);
  const representatives = Array.from({ length: representativeCount }, () => person(random));
  return {
    crefonummer: crefonummerFor(index),
    name,
    legalForm,
    city: place.city,
    postalCode: postalCode(random, place, countryCode),
    countryCode,
    representatives,
    nameSearch: nameSearchValue(name),
    nameLength: nameSearchValue(name).length - 1,
  };
};

/** The companies with indexes `start` to `start + count - 1`. */
export const generateCompanies = (start: number, count: number, seed = 1): GeneratedCompany[] =>
  Array.from({ length: count }, (_, i) => generateCompany(start + i, seed));
