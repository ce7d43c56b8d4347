// @ts-check
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";
import createNextIntlPlugin from "next-intl/plugin";
// Framing policy (frame-ancestors / X-Frame-Options) depends on the surface, which only the Host
// header tells apart, so it is set in src/proxy.ts. Headers that hold for every response live here.

/** @type {import('next').NextConfig} */
const nextConfig = {
  // NEXT_DIST_DIR lets several builds or dev servers of one checkout run side by side (.next-<name>).
  distDir: process.env.NEXT_DIST_DIR || ".next",
  reactStrictMode: true,
  poweredByHeader: false,
  // `npm run typecheck` checks the whole project (CI runs it before the build); checked again here,
  // the build took minutes more and failed on test files that are never built.
  typescript: { ignoreBuildErrors: true },
  // Turbopack keeps its build cache in .next/cache for the next `next build` of this checkout (a
  // rebuild after an edit reuses it). A build that is never rebuilt (CI's clean clone, an image
  // build) may set NEXT_BUILD_CACHE=0 to skip writing it: ~14 s of a 2-minute build.
  experimental: { turbopackFileSystemCacheForBuild: process.env.NEXT_BUILD_CACHE !== "0" },
  // Loaded with Node's own require at runtime instead of being bundled: WebAssembly assets, native
  // sockets and optional native modules that the bundler mangles.
  serverExternalPackages: [
    // Our server, compiled into node_modules by scripts/build-server-package.ts: pages, route handlers,
    // server actions, the proxy and our own entry points load one copy of it per process (issue 55;
    // docs/decisions/lean-server.md §10). Development keeps the sources (below).
    "@perkway/server",
    "@electric-sql/pglite",
    "@electric-sql/pglite-socket",
    "@prisma/schema-engine-wasm",
    "pg",
    "ioredis",
    "prom-client",
    // Loaded once per process from node_modules rather than copied into the server chunks: Turbopack
    // put these into each route's chunk (zod, Prisma's client and adapter in 17 identical chunk files,
    // nodemailer in several), and every route a process serves loaded its own copy of their code and
    // state. Our own server (.next/perkway-server) imports the same packages from node_modules, so
    // both doors now share one copy. Measured with heap snapshots: docs/decisions/lean-server.md.
    "zod",
    "@prisma/client",
    "@prisma/adapter-pg",
    "@prisma/driver-adapter-utils",
    "nodemailer",
    "sanitize-html",
    "jose",
    "otplib",
    "marked",
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

// next-intl: the member surfaces' locale and messages per request (src/i18n/request.ts).
const withNextIntl = createNextIntlPlugin("./src/i18n/request.ts");

// `next dev` follows tsconfig.json, whose @perkway/server/* path is src/server/* (hot reload); a
// production build reads tsconfig.next.json, without that path, and so loads the compiled package.
const config = (/** @type {string} */ phase) =>
  withNextIntl({ ...nextConfig, typescript: { ...nextConfig.typescript, tsconfigPath: phase === PHASE_DEVELOPMENT_SERVER ? "tsconfig.json" : "tsconfig.next.json" } });

export default config;
