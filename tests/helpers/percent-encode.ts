const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send). */
export function percentEncode(s: string): string {
  let out = "";
  for (const b of new TextEncoder().encode(s)) {
    const ch = String.fromCharCode(b);
    out +=
      b < 0x80 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}
