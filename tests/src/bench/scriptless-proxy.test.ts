import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptlessProxy } from "./scriptless-proxy.js";

const page =
  '<html><head><script type="module" src="/a.js"></script></head><body><p>Hi</p><script>boot()</script></body></html>';
const css = "p{color:red}".repeat(200);

// An upstream that compresses as the portal does: only when the client asks for gzip.
let upstream: Server;
let proxy: Awaited<ReturnType<typeof startScriptlessProxy>>;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const [type, body] =
      req.url === "/app.css" ? ["text/css", css] : ["text/html; charset=utf-8", page];
    res.writeHead(200, { "content-type": type, ...(gzip ? { "content-encoding": "gzip" } : {}) });
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, "127.0.0.1", resolve));
  proxy = await startScriptlessProxy(
    `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`,
  );
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

// Raw bytes as a browser gets them: fetch() would decode the body and hide the encoding.
const raw = async (path: string): Promise<{ encoding: string | undefined; bytes: Buffer }> => {
  return new Promise((resolve, reject) => {
    request(`${proxy.url}${path}`, { headers: { "accept-encoding": "gzip" } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ encoding: res.headers["content-encoding"], bytes: Buffer.concat(chunks) }),
      );
    })
      .on("error", reject)
      .end();
  });
};

describe("the scriptless proxy (the bench's ceiling row)", () => {
  it("serves the HTML without any script", async () => {
    const { encoding, bytes } = await raw("/");
    expect(encoding).toBe("gzip");
    expect(gunzipSync(bytes).toString()).toBe("<html><head></head><body><p>Hi</p></body></html>");
  });

  it("keeps the CSS compressed, as the portal sends it, so its simulated download is the real one", async () => {
    const { encoding, bytes } = await raw("/app.css");
    expect(encoding).toBe("gzip");
    expect(bytes.length).toBeLessThan(css.length / 4);
    expect(gunzipSync(bytes).toString()).toBe(css);
  });
});
