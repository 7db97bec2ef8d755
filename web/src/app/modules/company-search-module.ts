/** Container module of the company search: the smart-signup suggestions through the API. */
import type { CompanySearch } from "@portal/core";
import { ContainerModule } from "inversify";
import { TOKENS } from "../tokens.js";

export const companySearchModule = (): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.companySearch).toResolvedValue(
      (api): CompanySearch => ({
        suggest: (term, options) => api.companySuggestions(term, options),
      }),
      [TOKENS.api],
    );
  });
