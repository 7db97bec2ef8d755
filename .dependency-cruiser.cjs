// The layer arrows of ../shared/design/architecture.md:
// contracts <- core <- {server, web, cli} <- tests. Anything else fails the test command.
const pkg = (name) => `^(${name})/`;
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Import cycles make layers meaningless.",
      from: {},
      to: { circular: true },
    },
    {
      name: "contracts-imports-only-effect",
      severity: "error",
      from: { path: pkg("contracts") },
      to: {
        dependencyTypesNot: ["local"],
        pathNot: [
          "node_modules/effect/",
          "node_modules/vitest",
          "node_modules/\\.pnpm/(effect|vitest|@vitest)",
        ],
      },
    },
    {
      name: "contracts-imports-no-workspace-package",
      severity: "error",
      from: { path: pkg("contracts") },
      to: { path: pkg("core|server|web|cli|tests") },
    },
    {
      name: "core-is-framework-free",
      severity: "error",
      comment:
        "core never imports React, the DOM, node:*, inversify, commander, Drizzle or an HTTP client.",
      from: { path: pkg("core"), pathNot: "\\.test\\.ts$" },
      to: {
        path: "(node_modules/(\\.pnpm/)?(react|react-dom|inversify|commander|drizzle-orm|pg|postgres|axios|undici|keycloak-js|openid-client|@electric-sql))|^node:",
      },
    },
    {
      name: "core-uses-node-builtins",
      severity: "error",
      from: { path: pkg("core") },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "core-imports-only-contracts",
      severity: "error",
      from: { path: pkg("core") },
      to: { path: pkg("server|web|cli|tests") },
    },
    {
      name: "adapters-do-not-import-each-other",
      severity: "error",
      from: { path: pkg("server") },
      to: { path: pkg("web|cli|tests") },
    },
    {
      name: "web-does-not-import-server-or-cli",
      severity: "error",
      from: { path: pkg("web") },
      to: { path: pkg("server|cli|tests") },
    },
    {
      name: "cli-does-not-import-server-or-web",
      severity: "error",
      from: { path: pkg("cli") },
      to: { path: pkg("server|web|tests") },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["source", "import", "types", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    tsConfig: { fileName: "tsconfig.base.json" },
    exclude: { path: "(dist|node_modules|\\.data)/" },
  },
};
