// npm run db:check must fail when a model changes without a migration, and pass when they agree.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diffMigrationsToSchema } from "@/server/db/schema-engine";

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "perkway-dbcheck-"));
  fs.cpSync("prisma/migrations", path.join(dir, "migrations"), { recursive: true });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function withSchema(edit: (schema: string) => string) {
  const schemaPath = path.join(dir, "schema.prisma");
  fs.writeFileSync(schemaPath, edit(fs.readFileSync("prisma/schema.prisma", "utf8")));
  return { schemaPath, migrationsDir: path.join(dir, "migrations") };
}

// Each case replays every migration into a fresh in-memory database: seconds on an idle machine, far
// more on a loaded 2-core CI machine.
describe("db:check", { timeout: 180_000 }, () => {
  it("finds no difference between the committed schema and migrations", async () => {
    expect(await diffMigrationsToSchema(withSchema((s) => s))).toBe("");
  });

  // One replay for both kinds of change (each replay is seconds of CPU): each is reported on its own.
  it("reports a new column and a new model that no migration creates", async () => {
    const sql = await diffMigrationsToSchema(
      withSchema((s) => s.replace("model Category {\n", "model Category {\n  icon String?\n") + "\nmodel Widget {\n  id Int @id\n  @@map(\"widgets\")\n}\n"),
    );
    expect(sql).toMatch(/ALTER TABLE "categories" ADD COLUMN\s+"icon" TEXT/);
    expect(sql).toMatch(/CREATE TABLE "widgets"/);
  });

  it("exits non-zero from the npm script when the schema is ahead of the migrations", () => {
    const schemaPath = path.join(dir, "schema.prisma");
    fs.writeFileSync(schemaPath, fs.readFileSync("prisma/schema.prisma", "utf8").replace("model Category {\n", "model Category {\n  icon String?\n"));
    const r = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db/check.ts"], {
      env: { ...process.env, PERKWAY_SCHEMA_PATH: schemaPath, PERKWAY_MIGRATIONS_DIR: path.join(dir, "migrations") },
      encoding: "utf8",
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("npm run db:migration");
  }, 120_000);
});
