import fs from "node:fs";
import path from "node:path";
import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// ---- Architecture boundaries (README "Architecture"; test/architecture/boundaries.test.ts proves they bite)
// Services and the domain are transport-neutral: no HTTP plumbing, REST adapter, tRPC, Next or React.
const TRANSPORT = [
  { group: ["@/server/http", "@/server/http/**"], message: "Services and the domain are transport-neutral: return data and throw AppError; src/server/http is the adapters' plumbing." },
  { group: ["@/server/rest", "@/server/rest/**"], message: "Services and the domain do not know the /v1 adapter (src/server/rest): it calls them, not the other way round." },
  { group: ["@/server/trpc", "@/server/trpc/**", "@/trpc", "@/trpc/**", "@trpc/*"], message: "Services and the domain do not know tRPC: procedures call services." },
  { group: ["next", "next/**", "next-auth", "next-auth/**"], message: "Services and the domain do not import Next.js: pages and route handlers are adapters over them." },
  { group: ["react", "react/**", "react-dom", "react-dom/**"], message: "Services and the domain do not import React." },
  { group: ["@/components", "@/components/**", "@/app", "@/app/**"], message: "Services and the domain do not import UI modules (src/components, src/app): the types they share live in src/server (domain, schemas)." },
];
// Arrows point down: components are used by pages (src/app), never the other way round.
const APP = [
  { group: ["@/app", "@/app/**"], message: "Components do not import from src/app: move what they share (a type, a helper) down to the component, src/lib or src/server (domain, schemas)." },
];
// Only services (and the db module itself) touch the database client and the generated Prisma code.
const PRISMA = [
  { group: ["@/server/db/client"], message: "Only src/server/services/** uses the database: call a service." },
  { group: ["@/generated/**", "@prisma/*"], message: "Only src/server/services/** and src/server/db/** import the generated Prisma client or its types." },
];

// A services module (src/server/services/<module>/) is used through its index.ts only. The modules are
// the folders of src/server/services, read when the linter loads this file, so a new one is covered.
const MODULES = fs
  .readdirSync(path.join(import.meta.dirname, "src/server/services"), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const deepImports = (own) => [
  { group: ["@/server/services/*/**", ...(own ? [`!@/server/services/${own}/**`] : [])], message: "Import a services module through its index (@/server/services/<module>), not its files." },
];

// The environment is read in one module: src/server/config/env.ts (its header lists why each exception
// cannot use it). Tests set variables freely; tool configs are read by their tools.
const PROCESS_ENV_EXCEPTIONS = ["src/server/config/env.ts", "src/instrumentation.ts", "src/trpc/react.tsx", "scripts/test.ts", "scripts/e2e.ts", "scripts/sdk/**"];

// A "use client" module is shipped to browsers: from src/server it may import types (anything, as
// `import type`), the schemas, the pure domain vocabularies and the pure link builders, never code
// that holds secrets or touches the database. (The `server-only` package is not installed; this
// rule does its job at lint time.)
const CLIENT_IMPORTABLE = [/^@\/server\/schemas\//, /^@\/server\/domain\//, /^@\/server\/config\/hosted-app-url$/];
const perkwayPlugin = {
  rules: {
    "client-server-imports": {
      meta: { type: "problem", messages: { server: "A \"use client\" module may import only types, schemas, domain vocabularies and the pure link builders from src/server (got {{source}}): pass the value from a server component instead." } },
      create(context) {
        const first = context.sourceCode.ast.body[0];
        const isClient = first?.type === "ExpressionStatement" && first.expression.type === "Literal" && first.expression.value === "use client";
        if (!isClient) return {};
        const check = (node) => {
          const source = node.source?.value;
          if (typeof source !== "string" || !source.startsWith("@/server/")) return;
          if (node.importKind === "type" || node.exportKind === "type") return;
          if (node.specifiers?.length && node.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type")) return;
          if (CLIENT_IMPORTABLE.some((re) => re.test(source))) return;
          context.report({ node, messageId: "server", data: { source } });
        };
        return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
      },
    },
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-explicit-any": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    // Application code outside services and db: no database client, no generated Prisma code.
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/server/services/**", "src/server/db/**", "src/generated/**", "**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...PRISMA, ...deepImports(null)] }] },
  },
  {
    files: ["src/components/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...PRISMA, ...deepImports(null), ...APP] }] },
  },
  {
    files: ["src/server/services/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: TRANSPORT }] },
  },
  ...MODULES.map((m) => ({
    files: [`src/server/services/${m}/**/*.{ts,tsx}`],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...TRANSPORT, ...deepImports(m)] }] },
  })),
  {
    // The domain is pure: no transport, no database, not even the generated Prisma types.
    files: ["src/server/domain/**/*.{ts,tsx}"],
    ignores: ["**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [...TRANSPORT, ...PRISMA] }] },
  },
  {
    files: ["src/**/*.{ts,tsx}", "scripts/**/*.ts"],
    ignores: [...PROCESS_ENV_EXCEPTIONS, "**/*.test.ts", "src/generated/**"],
    rules: {
      "no-restricted-properties": ["error", { object: "process", property: "env", message: "Read settings through src/server/config (env.ts and the area readers): it is the one reader of process.env." }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { perkway: perkwayPlugin },
    rules: { "perkway/client-server-imports": "error" },
  },
  globalIgnores([".next/**", ".next-*/**", ".data-*/**", "node_modules/**", ".data/**", "src/generated/**", "next-env.d.ts", "test-results/**", "playwright-report/**"]),
]);
