// The server's settings live in config/ (one file per group); this entry keeps the import
// path every module uses.
export * from "./config/index.js";
