import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Keeps the browser's copy of core's password blocklist to its most common entries.
 * The list is frequency-ranked; all 10,000 entries (40 KB gzip) would exceed the 40 KB
 * budget of every route with a password field. The server checks the full list
 * (PASSWORD_TRIVIAL_VALUES), the browser warns early for the commonest passwords.
 */
export const BROWSER_BLOCKLIST_ENTRIES = 1000;
const trimPasswordBlocklist = (): Plugin => ({
  name: "portal-trim-password-blocklist",
  enforce: "pre",
  transform(code, id) {
    if (!/password-blocklist\.generated\.ts$/.test(id)) return null;
    return code.replace(
      /(PASSWORD_BLOCKLIST_TEXT: string = )("(?:[^"\\]|\\.)*")/,
      (_, head: string, literal: string) => {
        const kept = (JSON.parse(literal) as string)
          .split("\n")
          .slice(0, BROWSER_BLOCKLIST_ENTRIES);
        return `${head}${JSON.stringify(kept.join("\n"))}`;
      },
    );
  },
});

/**
 * Vendor groups kept apart so the first page only loads what the shell needs. Groups take
 * their dependencies along (splitting a CommonJS package from what it requires breaks it),
 * so React, which every page needs, is a group of its own with the highest priority.
 */
const vendorGroups: ReadonlyArray<{ name: string; test: RegExp; priority: number }> = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
  // Forms and the company combobox are only used by lazily loaded pages: keep them out of
  // the entry chunk, and apart, so a page without a combobox does not load downshift.
  { name: "formik", test: /node_modules[\\/]formik[\\/]/, priority: 2 },
  { name: "downshift", test: /node_modules[\\/]downshift[\\/]/, priority: 1 },
];

export default defineConfig({
  base: "/benutzerverwaltung/",
  plugins: [trimPasswordBlocklist(), react()],
  resolve: { conditions: ["source"] },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    sourcemap: false,
    target: "es2022",
    rolldownOptions: {
      // The workspace packages are pure modules: without this, importing their barrels
      // would pull every rule (and the password blocklist) into the first page.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !/[\\/](core|contracts)[\\/]src[\\/]/.test(id) &&
          !/[\\/]web[\\/]src[\\/](?!main\.tsx).*\.tsx?$/.test(id),
      },
      output: {
        codeSplitting: process.env.BUDGET_BREAKDOWN
          ? {
              // Diagnostics: one chunk per package, to see what the first page is made of.
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: (id: string) =>
                    /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/
                      .exec(id)?.[1]
                      ?.replace("/", "_") ??
                    /[\\/](core|contracts)[\\/]src[\\/]/.exec(id)?.[1] ??
                    null,
                },
              ],
            }
          : { groups: vendorGroups.map((g) => ({ ...g })) },
      },
    },
  },
});
