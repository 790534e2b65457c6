/**
 * Who a request counts against (docs/rate-limits.md, "What the limiter keys on").
 *
 * A route handler never sees the TCP peer. What it sees is `X-Forwarded-For`: set by the
 * platform (Vercel overwrites it with the client's address), by a reverse proxy, or — under a
 * bare `next start` — by Next itself, which fills in the peer address only when the client sent
 * no such header and otherwise passes the client's own value through untouched. So the header is
 * the client's address only when something in front of the app is known to overwrite it, and
 * that is what `TRUST_PROXY=true` declares.
 *
 * - `TRUST_PROXY=true`: the first hop, as an address (an IPv4-mapped IPv6 address as IPv4; an
 *   IPv6 address by its /64, which one subscriber usually holds whole). A missing or malformed
 *   first hop counts as one shared "unknown" client, never as a fresh identity.
 * - `TRUST_PROXY=false`: the LAST hop, the address the nearest hop saw: under a bare `next start`
 *   the peer address Next filled in (a client that writes its own header picks its own key: a
 *   fairness key, not a security boundary — the provider call budgets stay the hard bound);
 *   behind a proxy that appends (`$proxy_add_x_forwarded_for`), the address that proxy saw,
 *   which no client can write. One shared allowance for all would let one client starve every
 *   other (an embedded badge alone would spend it).
 */
import { isIP } from "node:net";

/** No usable hop in `X-Forwarded-For`: one allowance for all such requests. */
export const UNKNOWN_CLIENT = "unknown";

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/;
const BRACKETED_IPV6 = /^\[([^\]]+)\](?::\d{1,5})?$/;
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** Groups of an IPv6 address that name its /64. */
const PREFIX_GROUPS = 4;
const IPV6_GROUPS = 8;
/** A dotted IPv4 tail of an IPv6 address fills this many 16-bit groups. */
const IPV4_TAIL_GROUPS = 2;

/** Hex groups of a valid IPv6 address, `::` expanded. */
function ipv6Groups(ip: string): string[] {
  const [head = "", tail] = ip.split("::");
  const part = (s: string) => (s === "" ? [] : s.split(":"));
  const width = (groups: string[]) =>
    groups.reduce((n, g) => n + (g.includes(".") ? IPV4_TAIL_GROUPS : 1), 0);
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = IPV6_GROUPS - width(left) - width(right);
  return [...left, ...Array<string>(Math.max(0, zeros)).fill("0"), ...right];
}

/** The client identity of one address string, or null when it is not an address. */
export function addressKey(raw: string): string | null {
  let ip = raw.trim();
  ip = IPV4_WITH_PORT.exec(ip)?.[1] ?? BRACKETED_IPV6.exec(ip)?.[1] ?? ip;
  ip = ip.split("%", 1)[0] ?? ip; // an IPv6 zone id names the local interface, not the client
  ip = IPV4_MAPPED.exec(ip)?.[1] ?? ip;
  const family = isIP(ip);
  if (family === 4) return ip;
  if (family !== 6) return null;
  const prefix = ipv6Groups(ip.toLowerCase())
    .slice(0, PREFIX_GROUPS)
    .map((g) => Number.parseInt(g, 16).toString(16));
  return `${prefix.join(":")}::/64`;
}

/** The client key of a request under the `TRUST_PROXY` setting. */
export function clientKey(headers: Headers, trustProxy: boolean): string {
  const hops = (headers.get("x-forwarded-for") ?? "").split(",");
  const hop = trustProxy ? hops[0] : hops[hops.length - 1];
  return addressKey(hop ?? "") ?? UNKNOWN_CLIENT;
}
