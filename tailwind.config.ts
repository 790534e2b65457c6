import type { Config } from "tailwindcss";

// Tailwind v4 reads its configuration from CSS (`app/globals.css`, `@config` points here).
// Dark mode follows `prefers-color-scheme` (the v4 default `media` strategy).
const config: Config = {
  content: ["./app/**/*.{ts,tsx}", "./components/**/*.{ts,tsx}"],
  theme: {
    extend: {
      fontFamily: {
        sans: ["ui-sans-serif", "system-ui", "-apple-system", "Segoe UI", "Roboto", "sans-serif"],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "monospace"],
      },
    },
  },
};
export default config;
