/**
 * A TCP proxy in front of redis-server that holds every reply for `delayMs` (order kept: equal
 * delays fire in order): world (e) of the read-layer bench, a KV store answering in 150 ms.
 */
import net from "node:net";

export interface SlowProxy {
  url: string;
  close(): Promise<void>;
}

export async function startSlowProxy(targetUrl: string, delayMs: number): Promise<SlowProxy> {
  const target = new URL(targetUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => undefined);
    }
    client.on("data", (d) => upstream.write(d));
    upstream.on("data", (d) =>
      setTimeout(() => {
        if (!client.destroyed) client.write(d);
      }, delayMs),
    );
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (!address || typeof address === "string") throw new Error("slow proxy: no port");
  return {
    url: `redis://127.0.0.1:${address.port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
