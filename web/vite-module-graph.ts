import { relative } from "node:path";
import { type Plugin, parseSync } from "vite";

/** One static import of a module: the module it resolved to and the names it takes ("*": all). */
interface Import {
  readonly id: string;
  readonly names: ReadonlyArray<string> | "*";
}

/** What the build learnt of one of the project's own modules (not node_modules). */
interface ModuleRecord {
  readonly imports: Import[];
  /** Names the module defines itself (`default` included). */
  readonly local: Set<string>;
  /** Names it passes on from another module (`export { a as b } from`, `export * as ns`). */
  readonly reexports: Map<string, Import>;
  /** Modules whose names it passes on whole (`export * from`). */
  readonly stars: string[];
}

const SCRIPT = /\.[cm]?[jt]sx?$/;
const nameOf = (n: { kind: string; name: string | null }) =>
  n.kind === "Name" ? (n.name ?? "*") : n.kind === "Default" ? "default" : "*";

/**
 * The build's own import graph at the level of names, for chunk groups that follow the code
 * rather than path patterns, and the list of modules in each chunk for the start-up layer's
 * count (web/scripts/startup-layer.mjs).
 *
 * By names because core and contracts are read through their index modules: a module that
 * imports one function of `@portal/core` imports, module by module, the whole of core. Names
 * are followed through re-exports to the module that defines them, as the bundler's tree
 * shaking does (the packages declare no side effects), so a closure holds the modules whose
 * code runs, not every module an index names.
 */
export const moduleGraph = (root: string) => {
  const records = new Map<string, ModuleRecord>();

  /**
   * The project's modules whose code the given module needs before it runs: itself and what
   * its static imports name, transitively (dynamic imports are where a closure ends).
   */
  const staticClosure = (start: string): Set<string> => {
    const needed = new Set<string>();
    const seen = new Set<string>();
    const queue: Array<[string, string]> = [[start, "*"]];
    for (let next = queue.pop(); next; next = queue.pop()) {
      const [id, name] = next;
      const record = records.get(id);
      if (!record || seen.has(`${id}\0${name}`)) continue;
      seen.add(`${id}\0${name}`);
      const take = (imp: Import, wanted = imp.names) => {
        for (const n of wanted === "*" ? ["*"] : wanted) queue.push([imp.id, n]);
      };
      if (name === "*" || record.local.has(name)) {
        if (!needed.has(id)) {
          needed.add(id);
          for (const imp of record.imports) take(imp);
        }
        if (name !== "*") continue;
        for (const imp of record.reexports.values()) take(imp);
        for (const star of record.stars) queue.push([star, "*"]);
        continue;
      }
      const reexport = record.reexports.get(name);
      if (reexport) take(reexport);
      else for (const star of record.stars) queue.push([star, name]);
    }
    return needed;
  };

  const plugin: Plugin = {
    name: "portal-module-graph",
    apply: "build",
    // After the TypeScript and JSX transforms: type-only imports are gone.
    enforce: "post",
    async transform(code, id) {
      if (id.includes("node_modules") || id.startsWith("\0") || !SCRIPT.test(id)) return null;
      const { module } = parseSync(id, code);
      const resolve = async (spec: string) => (await this.resolve(spec, id))?.id;
      const record: ModuleRecord = {
        imports: [],
        local: new Set(),
        reexports: new Map(),
        stars: [],
      };
      for (const imp of module.staticImports) {
        const target = await resolve(imp.moduleRequest.value);
        if (!target) continue;
        const names = imp.entries.map((e) => nameOf(e.importName));
        // A bare `import "x"` runs the whole module, as does a namespace import.
        record.imports.push({
          id: target,
          names: names.length === 0 || names.includes("*") ? "*" : names,
        });
      }
      for (const entry of module.staticExports.flatMap((e) => e.entries)) {
        const exported = nameOf(entry.exportName);
        if (!entry.moduleRequest) {
          record.local.add(exported);
          continue;
        }
        const target = await resolve(entry.moduleRequest.value);
        if (!target) continue;
        const imported = nameOf(entry.importName);
        if (entry.importName.kind === "AllButDefault") record.stars.push(target);
        else record.reexports.set(exported, { id: target, names: [imported] });
      }
      records.set(id, record);
      return null;
    },
    // dist/.vite/chunk-modules.json: each chunk's modules that left code in it, by path from
    // the repository's root, with the length of that code.
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== "chunk") continue;
        chunks[chunk.fileName] = Object.fromEntries(
          Object.entries(chunk.modules)
            .filter(([, m]) => m.renderedLength > 0)
            .map(([moduleId, m]) => [
              moduleId.startsWith("\0") ? moduleId.slice(1) : relative(root, moduleId),
              m.renderedLength,
            ]),
        );
      }
      this.emitFile({
        type: "asset",
        fileName: ".vite/chunk-modules.json",
        source: `${JSON.stringify(chunks, null, 1)}\n`,
      });
    },
  };
  return { plugin, staticClosure };
};
