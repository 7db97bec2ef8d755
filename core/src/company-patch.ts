import type { PatchOperation } from "@portal/contracts";

/**
 * The JSON Patch for the company number (spec section 4): add when none was stored;
 * replace when one existed and a different one is given; remove when cleared.
 * Blank values count as none.
 *
 * @example
 * diffCompany({ unverifiedCrefonummer: null }, "2010000001");
 * // [{ op: "add", path: "/unverifiedCrefonummer", value: "2010000001" }]
 */
export const diffCompany = (
  stored: { readonly unverifiedCrefonummer: string | null },
  next: string | null,
): PatchOperation[] => {
  const path = "/unverifiedCrefonummer";
  const before = (stored.unverifiedCrefonummer ?? "").trim();
  const after = (next ?? "").trim();
  if (before === after) return [];
  if (before === "") return [{ op: "add", path, value: after }];
  if (after === "") return [{ op: "remove", path }];
  return [{ op: "replace", path, value: after }];
};
