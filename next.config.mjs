// @ts-check
// Framing policy (frame-ancestors / X-Frame-Options) depends on the surface, which only the Host
// header tells apart, so it is set in src/proxy.ts. Headers that hold for every response live here.

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets several builds or dev servers of one checkout run side by side (.next-<name>).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded with Node's own require at runtime instead of being bundled: WebAssembly assets, native
  // sockets and optional native modules that the bundler mangles.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/schema-engine-wasm",
    "pg",
    "ioredis",
    "prom-client",
  ],
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
