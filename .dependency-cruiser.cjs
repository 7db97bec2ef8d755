// The layer arrows of ../shared/design/architecture.md:
// contracts <- core <- {server, web, cli} <- tests. Anything else fails the test command.
const pkg = (name) => `^(${name})/`;

// The server's floor plan (server/README.md, "Floor plan"), bottom to top. A floor may import
// its own and the floors below it, never one above. Tests (test-support/, testing/, *.test.ts)
// stand outside and may import anything; production code never imports them.
const SERVER = "^server/src/";
const SERVER_TESTS = "^server/src/(test-support/|.*/testing/|.*\\.test(-data)?\\.ts$)";
const inServer = (paths) => `${SERVER}(${paths.join("|")})`;
const STORAGE = ["db/"];
// Services every feature uses.
const BASE = ["config\\.ts$", "config/", "security/", "rate-limit/", "clock/", "mail/"];
const EDGE = ["http/"];
// Features, lowest first: a feature builds on the ones before it in this list.
const FEATURES = [
  "web-targets",
  "static",
  "outbox",
  "companies",
  "activity",
  "credentials",
  "provider",
  "persons",
  "memberships",
  "privacy",
  "registration",
  "support",
  "ssf",
  "analytics",
  "health",
];
const COMPOSITION = [
  "app\\.ts$",
  "index\\.ts$",
  "main\\.ts$",
  "logger\\.ts$",
  "process-entry\\.ts$",
  "ready-line\\.ts$",
  "build/",
];
const featureDirs = FEATURES.map((f) => `${f}/`);
const serverFloor = (name, comment, from, above) => ({
  name,
  severity: "error",
  comment,
  from: { path: inServer(from), pathNot: SERVER_TESTS },
  to: { path: inServer(above) },
});
// The sign-in feature's two rooms (server/src/provider/README.md, "Two rooms"). The provider
// builds on the credentials (their FEATURES order), never the other way. Each is entered
// through its index.ts alone; inside, nothing imports the room's top (its index and plugin),
// which would run back up and make the entry a cycle. Test files outside a room may also use
// its testing/ kits.
const ROOMS = [
  { room: "credentials", top: ["index\\.ts$", "credential-routes\\.ts$"] },
  { room: "provider", top: ["index\\.ts$", "provider-plugin\\.ts$"] },
];
const roomRules = ROOMS.flatMap(({ room, top }) => {
  const inside = `${SERVER}${room}/`;
  const entry = `${inside}index\\.ts$`;
  return [
    {
      name: `server-${room}-entered-by-its-index`,
      severity: "error",
      comment: `Outside ${room}/, production code imports only ${room}/index.ts.`,
      from: { path: SERVER, pathNot: [inside, SERVER_TESTS] },
      to: { path: inside, pathNot: entry },
    },
    {
      name: `server-${room}-tests-enter-by-index-or-kits`,
      severity: "error",
      comment: `Tests outside ${room}/ import its index.ts or its testing/ kits, nothing deeper.`,
      from: { path: SERVER_TESTS, pathNot: inside },
      to: { path: inside, pathNot: [entry, `${inside}testing/`] },
    },
    {
      name: `server-${room}-imports-no-way-back-up`,
      severity: "error",
      comment: `Inside ${room}/, production code never imports the room's top (${top.join(", ")}).`,
      from: { path: inside, pathNot: [entry, SERVER_TESTS] },
      to: { path: top.map((t) => `${inside}${t}`) },
    },
  ];
});
const serverRules = [
  ...roomRules,
  serverFloor(
    "server-storage-at-the-bottom",
    "db/ (schema, client, shared row loaders) imports no other server folder.",
    STORAGE,
    [...BASE, ...EDGE, ...featureDirs, ...COMPOSITION],
  ),
  serverFloor(
    "server-services-below-the-edge",
    "config, security, rate limits, the clock and mail sending build on storage only.",
    BASE,
    [...EDGE, ...featureDirs, ...COMPOSITION],
  ),
  serverFloor(
    "server-edge-below-the-features",
    "http/ (routes, errors, auth, the caller's person, rate-limit answers) knows no feature.",
    EDGE,
    [...featureDirs, ...COMPOSITION],
  ),
  ...FEATURES.map((feature, rank) =>
    serverFloor(
      `server-${feature}-builds-on-lower-features`,
      `${feature}/ imports only the features listed before it (${FEATURES.slice(0, rank).join(", ") || "none"}).`,
      [`${feature}/`],
      [...FEATURES.slice(rank + 1).map((f) => `${f}/`), ...COMPOSITION],
    ),
  ),
  {
    name: "server-production-imports-no-tests",
    severity: "error",
    comment: "Test kits and fixtures stay out of the running server.",
    from: { path: SERVER, pathNot: SERVER_TESTS },
    to: { path: SERVER_TESTS },
  },
];
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
    ...serverRules,
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
