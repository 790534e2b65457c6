// The environment is validated before `next build` / `next start` (scripts/check-env.ts via the
// npm scripts) and again at server boot (instrumentation.ts): an invalid value stops with a
// message naming the variable (lib/config).

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["redis", "@redis/client"],
};

export default nextConfig;
