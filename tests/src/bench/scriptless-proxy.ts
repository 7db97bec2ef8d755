import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";

/** Response headers that describe the upstream body's bytes, not the body this proxy sends. */
const BODY_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding"]);

/**
 * A proxy in front of the portal that serves its HTML with every `<script>` removed and
 * passes everything else through: the prerendered frame as its HTML and CSS alone draw it.
 *
 * Lighthouse on this page measures the machine, not the app: what parsing, styling, layout
 * and paint of the same page cost here. It is the ceiling the prerendered pages' score can
 * reach on the machine (on a slow one even this page does not score 100), so the app's own
 * share is the difference between the two rows.
 *
 * @example
 * const proxy = await startScriptlessProxy("http://localhost:8080");
 * // Lighthouse on `${proxy.url}/benutzerverwaltung/registrieren`
 * await proxy.close();
 */
export const startScriptlessProxy = async (
  target: string,
): Promise<{ readonly url: string; close(): Promise<void> }> => {
  const server = createServer((req, res) => {
    const headers: Record<string, string> = {};
    for (const name of ["accept", "accept-language", "cookie", "user-agent"]) {
      const value = req.headers[name];
      if (typeof value === "string") headers[name] = value;
    }
    fetch(new URL(req.url ?? "/", target), { headers, redirect: "manual" })
      .then(async (upstream) => {
        const out: Record<string, string> = {};
        upstream.headers.forEach((value, name) => {
          if (!BODY_HEADERS.has(name)) out[name] = value;
        });
        const bytes = Buffer.from(await upstream.arrayBuffer());
        const html = upstream.headers.get("content-type")?.startsWith("text/html") ?? false;
        const body = html
          ? Buffer.from(bytes.toString("utf8").replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, ""))
          : bytes;
        // fetch() has decoded the upstream body; compress it again where the portal did, or
        // Lighthouse would simulate downloading the CSS at four times its real size.
        const compress = upstream.headers.has("content-encoding") && body.length > 0;
        if (compress) out["content-encoding"] = "gzip";
        res.writeHead(upstream.status, out);
        res.end(compress ? gzipSync(body) : body);
      })
      .catch((e: unknown) => {
        res.writeHead(502, { "content-type": "text/plain" });
        res.end(`proxy: ${e instanceof Error ? e.message : String(e)}`);
      });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
