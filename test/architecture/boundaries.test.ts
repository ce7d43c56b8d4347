// The architecture rules of the README, kept by the linter and by the import graph:
// - ESLint's no-restricted-imports (eslint.config.mjs) refuses transport and UI (components, app) imports in
//   services and the domain, app imports in components, the database client outside services and db,
//   generated Prisma types in the domain —
//   proven here by linting code that breaks each rule, as if it were a file at that path;
// - no two modules of src/server import each other, directly or through others, and no two folders of src;
//   lib and emails are the ground floor: they import nothing above them.
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { describedCycles, folderGraph, importGraph } from "./import-graph";

// Only the boundary rule runs (the project's full config, so the real file globs apply): fast.
const eslint = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "no-restricted-imports" });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
}

describe("import boundaries (eslint.config.mjs)", () => {
  const service = "src/server/services/boundary-fixture/do-thing.ts";
  const domain = "src/server/domain/boundary-fixture.ts";

  it("a service may not import http, rest, trpc, next or react", async () => {
    for (const spec of ["@/server/http/json-response", "@/server/rest/routes", "@/server/trpc/init", "@trpc/server", "next/headers", "next-auth", "react"]) {
      const messages = await restrictedImports(service, `import { x } from "${spec}";\nexport const y = x;\n`);
      expect(messages, spec).toHaveLength(1);
    }
    // type-only imports are imports too
    expect(await restrictedImports(service, `import type { ApiRoute } from "@/server/http/api-route";\nexport type R = ApiRoute;\n`)).toHaveLength(1);
  });

  it("the domain may not import transport, the database client or generated Prisma types", async () => {
    for (const spec of ["@/server/http/json-response", "react", "@/server/db/client", "@/generated/prisma/client", "@/generated/prisma/enums"]) {
      const messages = await restrictedImports(domain, `import type { X } from "${spec}";\nexport type Y = X;\n`);
      expect(messages, spec).toHaveLength(1);
    }
  });

  it("only services and db import the database client and the generated Prisma code", async () => {
    for (const file of ["src/server/rest/users/fixture.ts", "src/server/trpc/routers/fixture.ts", "src/app/(portal)/fixture/page.tsx", "src/server/http/fixture.ts"]) {
      expect(await restrictedImports(file, `import { db } from "@/server/db/client";\nexport const n = db;\n`), file).toHaveLength(1);
      expect(await restrictedImports(file, `import { Prisma } from "@/generated/prisma/client";\nexport const p = Prisma;\n`), file).toHaveLength(1);
    }
    expect(await restrictedImports("src/server/services/members/fixture.ts", `import { db } from "@/server/db/client";\nexport const n = db;\n`)).toEqual([]);
    expect(await restrictedImports("src/server/db/fixture.ts", `import { Prisma } from "@/generated/prisma/client";\nexport const p = Prisma;\n`)).toEqual([]);
  });

  it("a services module is imported through its index only, except from inside the module", async () => {
    const deep = `import { listDeals } from "@/server/services/deals/listing/list-deals";\nexport const f = listDeals;\n`;
    expect(await restrictedImports("src/server/rest/deals/fixture.ts", deep)).toHaveLength(1);
    expect(await restrictedImports("src/server/services/members/fixture.ts", deep)).toHaveLength(1);
    expect(await restrictedImports("src/server/services/deals/fixture.ts", deep)).toEqual([]);
    expect(await restrictedImports("src/server/rest/deals/fixture.ts", `import { listDeals } from "@/server/services/deals";\nexport const f = listDeals;\n`)).toEqual([]);
  });

  it("every folder of src/server/services is such a module (the list is read from the directory)", async () => {
    const modules = fs.readdirSync(path.join(process.cwd(), "src/server/services"), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect(modules).toEqual(expect.arrayContaining(["access-requests", "email", "inbox", "deals"]));
    for (const m of modules) {
      const other = m === "deals" ? "members" : "deals";
      const deep = `import { x } from "@/server/services/${other}/some-folder/some-file";\nexport const f = x;\n`;
      expect(await restrictedImports(`src/server/services/${m}/fixture.ts`, deep), m).toHaveLength(1);
      expect(await restrictedImports(`src/server/services/${m}/fixture.ts`, `import { x } from "@/server/services/${m}/some-folder/some-file";\nexport const f = x;\n`), m).toEqual([]);
    }
  });

  it("arrows point down: services and the domain import no components or app modules, components no app modules", async () => {
    for (const spec of ["@/components/hosted/lock-reasons", "@/app/p/[subdomain]/actions"]) {
      expect(await restrictedImports(service, `import type { X } from "${spec}";\nexport type Y = X;\n`), spec).toHaveLength(1);
      expect(await restrictedImports(domain, `import type { X } from "${spec}";\nexport type Y = X;\n`), spec).toHaveLength(1);
    }
    const component = "src/components/hosted/boundary-fixture.tsx";
    expect(await restrictedImports(component, `import type { SelfSignInState } from "@/app/p/[subdomain]/actions";\nexport type S = SelfSignInState;\n`)).toHaveLength(1);
    expect(await restrictedImports(component, `import { x } from "@/app/(portal)/fixture/helpers";\nexport const y = x;\n`)).toHaveLength(1);
    // what components keep: other components, the domain and schemas, and still no database or deep service import
    expect(await restrictedImports(component, `import { lockText } from "@/components/hosted/lock-reasons";\nimport type { MemberLock } from "@/server/domain/visibility";\nexport const f = (l: MemberLock) => lockText(l);\n`)).toEqual([]);
    expect(await restrictedImports(component, `import { db } from "@/server/db/client";\nexport const n = db;\n`)).toHaveLength(1);
    expect(await restrictedImports(component, `import { listDeals } from "@/server/services/deals/listing/list-deals";\nexport const f = listDeals;\n`)).toHaveLength(1);
    // pages may import components
    expect(await restrictedImports("src/app/p/[subdomain]/fixture.ts", `import type { SelfSignInState } from "@/components/hosted/self-sign-in-form";\nexport type S = SelfSignInState;\n`)).toEqual([]);
  });

  it("allowed imports pass: a service over the domain, schemas and errors", async () => {
    const code = `import { AppError } from "@/server/errors/app-error";\nimport { isUuid } from "@/server/domain/ids";\nexport const f = () => (isUuid("x") ? null : new AppError("deal_not_found", "x"));\n`;
    expect(await restrictedImports(service, code)).toEqual([]);
  });

  it("the code base itself has no violation of these rules (CI runs this test, so a violation fails it)", async () => {
    const results = await eslint.lintFiles(["src"]);
    const violations = results.flatMap((r) => r.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => `${r.filePath}:${m.line} ${m.message}`));
    expect(violations).toEqual([]);
  }, 120_000);
});

describe("one reader of the environment, nothing secret in a browser bundle (eslint.config.mjs)", () => {
  const linter = new ESLint({ cwd: process.cwd(), ruleFilter: ({ ruleId }) => ruleId === "no-restricted-properties" || ruleId === "perkway/client-server-imports" });
  const ruleHits = async (filePath: string, code: string, ruleId: string) => {
    const [result] = await linter.lintText(code, { filePath });
    return result.messages.filter((m) => m.ruleId === ruleId).length;
  };

  it("process.env is read only in src/server/config/env.ts and the listed exceptions", async () => {
    const read = `export const port = process.env.PORT;\n`;
    for (const file of ["src/server/services/members/fixture.ts", "src/server/rest/fixture.ts", "src/app/(portal)/fixture/page.tsx", "src/proxy.ts", "scripts/start.ts"]) {
      expect(await ruleHits(file, read, "no-restricted-properties"), file).toBe(1);
    }
    for (const file of ["src/server/config/env.ts", "src/instrumentation.ts", "scripts/e2e.ts", "test/api/fixture.test.ts"]) {
      expect(await ruleHits(file, read, "no-restricted-properties"), file).toBe(0);
    }
  });

  it('a "use client" module imports from src/server only types, schemas, domain vocabularies and link builders', async () => {
    const file = "src/app/(portal)/(shell)/fixture/_components/fixture.tsx";
    const client = (line: string) => `"use client";\n${line}\nexport const x = 1;\n`;
    expect(await ruleHits(file, client(`import { db } from "@/server/db/client";`), "perkway/client-server-imports")).toBe(1);
    expect(await ruleHits(file, client(`import { authSecret } from "@/server/crypto/auth-secret";`), "perkway/client-server-imports")).toBe(1);
    expect(await ruleHits(file, client(`import { hostedAppConfig } from "@/server/config/hosted-app-config";`), "perkway/client-server-imports")).toBe(1);
    expect(await ruleHits(file, client(`import type { MagicLinkConfig } from "@/server/config/hosted-app-config";`), "perkway/client-server-imports")).toBe(0);
    expect(await ruleHits(file, client(`import { type WebhookConfig } from "@/server/config/webhook-config";`), "perkway/client-server-imports")).toBe(0);
    expect(await ruleHits(file, client(`import { userCreateSchema } from "@/server/schemas/user.schema";`), "perkway/client-server-imports")).toBe(0);
    expect(await ruleHits(file, client(`import { USER_TYPES } from "@/server/domain/enums";`), "perkway/client-server-imports")).toBe(0);
    // a server component may import anything
    expect(await ruleHits(file, `import { db } from "@/server/db/client";\nexport const x = db;\n`, "perkway/client-server-imports")).toBe(0);
  });
});

describe("import graph of src/server", () => {
  it("has no cycle between modules (services/<domain> folders, rest, http, auth, ...)", () => {
    expect(describedCycles(importGraph())).toEqual([]);
  });

  it("http is plumbing: it imports neither rest nor services", () => {
    const fromHttp = [...(importGraph().get("http")?.keys() ?? [])];
    expect(fromHttp.filter((m) => m === "rest" || m.startsWith("services/") || m === "trpc")).toEqual([]);
  });
});

describe("import graph of src's folders (app, components, i18n, trpc, server, emails, lib, ...)", () => {
  it("has no cycle: arrows point down", () => {
    expect(describedCycles(folderGraph())).toEqual([]);
  });

  it("lib and emails are the ground floor: lib imports no other folder, emails only lib", () => {
    const graph = folderGraph();
    const above = (folder: string, allowed: string[]) => [...(graph.get(folder) ?? new Map<string, string>())].filter(([to]) => !allowed.includes(to)).map(([to, file]) => `${file} → ${to}`);
    expect(above("lib", [])).toEqual([]);
    expect(above("emails", ["lib"])).toEqual([]);
  });
});
