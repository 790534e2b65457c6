/**
 * A minimal Chrome DevTools Protocol client for a `node --inspect=127.0.0.1:0` server: enough to
 * force a full garbage collection and read the heap, so memory is compared after GC instead of
 * at whatever point V8 last chose to collect. WebSocket framing by hand (RFC 6455, text frames,
 * masked client frames): Node 20 has no WebSocket client without a flag, and the project has no
 * WebSocket dependency. Loopback only.
 */
import { randomBytes } from "node:crypto";
import net from "node:net";

export interface Inspector {
  send<T = unknown>(method: string, params?: Record<string, unknown>): Promise<T>;
  close(): void;
}

/** The `ws://…` URL Node prints when started with `--inspect`. */
export function inspectorUrl(output: string): string | undefined {
  return /Debugger listening on (ws:\/\/127\.0\.0\.1:\d+\/[\w-]+)/.exec(output)?.[1];
}

function frame(text: string): Buffer {
  const payload = Buffer.from(text, "utf8");
  const mask = randomBytes(4);
  const len = payload.length;
  const head =
    len < 126
      ? Buffer.from([0x81, 0x80 | len])
      : len < 65_536
        ? Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff])
        : Buffer.concat([Buffer.from([0x81, 0x80 | 127]), bigLength(len)]);
  const masked = Buffer.alloc(len);
  for (let i = 0; i < len; i++) masked[i] = payload[i]! ^ mask[i % 4]!;
  return Buffer.concat([head, mask, masked]);
}

function bigLength(len: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(len));
  return b;
}

export function connectInspector(wsUrl: string, timeoutMs = 10_000): Promise<Inspector> {
  const url = new URL(wsUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: url.hostname, port: Number(url.port) });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("inspector: connect timed out")));
    const pending = new Map<
      number,
      { resolve: (v: unknown) => void; reject: (e: Error) => void }
    >();
    let nextId = 0;
    let buf = Buffer.alloc(0);
    let upgraded = false;
    let closed = false;
    let message: Buffer[] = [];

    const fail = (e: Error) => {
      closed = true;
      for (const p of pending.values()) p.reject(e);
      pending.clear();
      if (!upgraded) reject(e);
    };
    socket.once("error", fail);
    socket.once("close", () => fail(new Error("inspector: connection closed")));
    socket.once("connect", () => {
      socket.write(
        `GET ${url.pathname} HTTP/1.1\r\nHost: ${url.host}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString("base64")}\r\n` +
          "Sec-WebSocket-Version: 13\r\n\r\n",
      );
    });
    const onMessage = (text: string) => {
      const m = JSON.parse(text) as { id?: number; result?: unknown; error?: { message: string } };
      const p = m.id === undefined ? undefined : pending.get(m.id);
      if (!p) return; // events: none are enabled
      pending.delete(m.id!);
      if (m.error) p.reject(new Error(`inspector: ${m.error.message}`));
      else p.resolve(m.result);
    };
    socket.on("data", (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      if (!upgraded) {
        const end = buf.indexOf("\r\n\r\n");
        if (end < 0) return;
        if (!/^HTTP\/1\.1 101/.test(buf.subarray(0, end).toString("latin1")))
          return fail(new Error("inspector: WebSocket upgrade refused"));
        upgraded = true;
        socket.setTimeout(0); // idle between calls is fine; each call has its own timeout
        buf = buf.subarray(end + 4);
        resolve({
          send: <T>(method: string, params: Record<string, unknown> = {}) =>
            new Promise<T>((res, rej) => {
              if (closed) return rej(new Error("inspector: connection closed"));
              const id = ++nextId;
              const timer = setTimeout(() => {
                pending.delete(id);
                rej(new Error(`inspector: ${method} timed out`));
              }, timeoutMs);
              pending.set(id, {
                resolve: (v) => {
                  clearTimeout(timer);
                  res(v as T);
                },
                reject: (e) => {
                  clearTimeout(timer);
                  rej(e);
                },
              });
              socket.write(frame(JSON.stringify({ id, method, params })));
            }),
          close: () => socket.destroy(),
        });
      }
      // Server frames are unmasked: FIN/opcode, length (7, 16 or 64 bit), payload.
      while (buf.length >= 2) {
        const fin = (buf[0]! & 0x80) !== 0;
        const opcode = buf[0]! & 0x0f;
        let len = buf[1]! & 0x7f;
        let offset = 2;
        if (len === 126) {
          if (buf.length < 4) return;
          len = buf.readUInt16BE(2);
          offset = 4;
        } else if (len === 127) {
          if (buf.length < 10) return;
          len = Number(buf.readBigUInt64BE(2));
          offset = 10;
        }
        if (buf.length < offset + len) return;
        const payload = buf.subarray(offset, offset + len);
        buf = buf.subarray(offset + len);
        if (opcode === 0x8) return socket.destroy();
        if (opcode === 0x1 || opcode === 0x0) {
          message.push(payload);
          if (fin) {
            const text = Buffer.concat(message).toString("utf8");
            message = [];
            onMessage(text);
          }
        }
      }
    });
  });
}

/** Full GC in the target, then its heap in use (V8) — RSS is read by the caller from /proc. */
export async function collectAndMeasure(inspector: Inspector): Promise<number> {
  await inspector.send("HeapProfiler.collectGarbage");
  const usage = await inspector.send<{ usedSize: number }>("Runtime.getHeapUsage");
  return usage.usedSize;
}
