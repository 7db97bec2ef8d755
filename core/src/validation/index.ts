export * from "./form-rules.js";
export * from "./generic-rules.js";
export * from "./messages.js";
export * from "./rule-sets.js";
export * from "./server-validation.js";
export * from "./validate.js";
