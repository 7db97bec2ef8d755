export * from "./account-rules.js";
export * from "./form-rules.js";
export * from "./generic-rules.js";
export * from "./messages.js";
export * from "./personal-data-rules.js";
export * from "./registration-rules.js";
export * from "./server-validation.js";
export * from "./validate.js";
