import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** Which built files get compressed siblings: the hashed scripts and styles. */
const COMPRESSIBLE = /^assets\/.+\.(?:js|css)$/;

/**
 * Writes `name.br` (brotli, best quality) and `name.gz` (gzip level 9) beside every hashed
 * script and style, which the server sends as they are when the browser accepts them. The
 * server's per-response brotli runs at quality 5 to spare its CPU; compressed once at
 * build, the first page's scripts are about 8 % smaller.
 */
export const precompress = (): Plugin => {
  let outDir = "dist";
  return {
    name: "portal-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir.startsWith("/")
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const path = join(outDir, fileName);
        const content = readFileSync(path);
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
};
