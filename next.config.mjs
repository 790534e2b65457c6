// Validate the environment at build and start-up: an invalid value fails `next build` /
// `next start` with a message naming the variable (lib/config).
import { createRequire } from "node:module";

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  serverExternalPackages: ["redis", "@redis/client"],
};

export default nextConfig;
