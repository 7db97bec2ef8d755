import { createServer, request as httpRequest, type Server } from "node:http";

/** A load balancer for tests: each request goes to the next backend in turn. */
export interface RoundRobinProxy {
  readonly url: string;
  readonly port: number;
  /** Backend origins, e.g. `http://127.0.0.1:41000`; set before the first request. */
  backends: string[];
  /** How many requests each backend got, by origin. */
  readonly served: Map<string, number>;
  close(): Promise<void>;
}

/**
 * Starts a round-robin HTTP proxy on a free port. It forwards per request (not per
 * connection), so a keep-alive client still reaches every backend in turn.
 */
export const startRoundRobinProxy = async (): Promise<RoundRobinProxy> => {
  let next = 0;
  const served = new Map<string, number>();
  const proxy: { backends: string[] } = { backends: [] };
  const server: Server = createServer((req, res) => {
    const backend = proxy.backends[next++ % proxy.backends.length];
    if (!backend) {
      res.writeHead(502).end();
      return;
    }
    served.set(backend, (served.get(backend) ?? 0) + 1);
    const target = new URL(backend);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || !address) throw new Error("proxy has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    get backends() {
      return proxy.backends;
    },
    set backends(list: string[]) {
      proxy.backends = list;
    },
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
