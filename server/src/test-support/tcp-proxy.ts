import { createConnection, createServer, type Server, type Socket } from "node:net";

/** A TCP proxy a test can cut and restore, to play a database outage. */
export interface TcpProxy {
  readonly port: number;
  /** Closes the listener and every open connection: the target looks unreachable. */
  cut(): Promise<void>;
  /** Listens again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** Starts a proxy on an ephemeral port that forwards to `host:port`. */
export const startTcpProxy = async (host: string, port: number): Promise<TcpProxy> => {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };
  let server: Server | undefined;
  const listen = (listenPort: number) =>
    new Promise<number>((resolve, reject) => {
      const s = createServer((client) => {
        const upstream = createConnection({ host, port });
        track(client);
        track(upstream);
        client.pipe(upstream).pipe(client);
        client.on("error", () => upstream.destroy());
        upstream.on("error", () => client.destroy());
      });
      s.once("error", reject);
      s.listen(listenPort, "127.0.0.1", () => {
        server = s;
        const address = s.address();
        resolve(typeof address === "object" && address ? address.port : listenPort);
      });
    });
  const proxyPort = await listen(0);
  const cut = async () => {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  };
  return {
    port: proxyPort,
    cut,
    restore: async () => {
      await listen(proxyPort);
    },
    close: cut,
  };
};
