// Types of node-check.mjs for the CLI's tests.
export declare const nodeCheckText: (language: "de" | "en" | "fr") => string;
export declare const neededNode: () => [number, number, number];
export declare const isOlder: (version: string, needed: ReadonlyArray<number>) => boolean;
export declare const checkLanguage: (
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
) => "de" | "en" | "fr";
export declare const nodeCheck: (
  version: string,
  args: ReadonlyArray<string>,
  env: Readonly<Record<string, string | undefined>>,
  needed?: ReadonlyArray<number>,
) => string | null;
