// The environment is validated before `next build` / `next start` (scripts/check-env.ts via the
// npm scripts) and again at server boot (instrumentation.ts): an invalid value stops with a
// message naming the variable (lib/config).

const SECURITY_HEADERS = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  {
    key: "Permissions-Policy",
    value: "camera=(), microphone=(), geolocation=(), interest-cohort=()",
  },
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["redis", "@redis/client"],
  async headers() {
    return [
      { source: "/:path*", headers: SECURITY_HEADERS },
      {
        // JSON only: nothing on an API response may run or be framed. Pages get a nonce CSP (proxy.ts).
        source: "/api/:path*",
        headers: [
          { key: "Content-Security-Policy", value: "default-src 'none'; frame-ancestors 'none'" },
        ],
      },
    ];
  },
};

export default nextConfig;
