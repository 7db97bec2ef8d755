import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const hook = new URL("./unpatched.mjs", import.meta.url).href;

/** The patches pnpm applies (`patchedDependencies`), as their file names in patches/. */
export const installedPatches = (): string[] =>
  [
    ...readFileSync(`${root}pnpm-workspace.yaml`, "utf8").matchAll(/patches\/(.+)\.patch\s*$/gm),
  ].map((m) => m[1]!);

export interface PatchVariant {
  readonly name: string;
  /** Patch names (file names in patches/ without `.patch`) left out in this variant. */
  readonly unpatched: ReadonlyArray<string>;
}

/**
 * The portal as installed, then without each patch on its own, then as installed again: the
 * two as-installed rows show how far the machine drifted during the run.
 */
export const PATCH_VARIANTS: ReadonlyArray<PatchVariant> = [
  { name: "as installed (all patches)", unpatched: [] },
  ...installedPatches().map((p) => ({ name: `without ${p}`, unpatched: [p] })),
  { name: "as installed, again", unpatched: [] },
];

/** The server environment that loads the named patches' files as they were before patching. */
export const variantEnv = (unpatched: ReadonlyArray<string>): Record<string, string> =>
  unpatched.length === 0
    ? {}
    : {
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${hook}`.trim(),
        BENCH_UNPATCHED: unpatched.join(","),
      };
