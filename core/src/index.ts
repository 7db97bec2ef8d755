export * from "./http-failure.js";
export * from "./ports/analytics.port.js";
export * from "./ports/clock.port.js";
export * from "./ports/identity-session.port.js";
export * from "./ports/user-management-api.port.js";
export * from "./ports/web-targets.port.js";
export * from "./result.js";
