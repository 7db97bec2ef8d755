import { MAX_LENGTHS } from "@portal/contracts";

/** Maximum length of free-text fields (spec section 9: 255), the contracts' number. */
export const TEXT_MAX_LENGTH: number = MAX_LENGTHS.text;
