import { constants } from "node:zlib";
import fastifyCompress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

/**
 * gzip and brotli for every response over 1 KiB (the web app's bundles, index.html,
 * JSON). Brotli at quality 5: close to the best ratio at a fraction of the CPU of 11,
 * since responses are compressed per request. Request bodies are not decompressed: no
 * client of the portal sends them compressed, and the plugin's decompression would add a
 * preParsing hook to every route.
 */
export const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ["br", "gzip"],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
};
