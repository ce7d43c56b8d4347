// Issue 10 item 12: the OpenAPI document as generated clients read it passes `redocly lint`
// (recommended rules, redocly.yaml) with zero errors and zero warnings.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { currentOpenApiDocument } from "@/server/rest/routes";

describe("the OpenAPI document", () => {
  it("passes redocly lint with no error and no warning", async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "perkway-openapi-")), "openapi.json");
    fs.writeFileSync(file, JSON.stringify(await currentOpenApiDocument()));
    const r = spawnSync(process.execPath, [path.resolve("node_modules/@redocly/cli/bin/cli.js"), "lint", file, "--config", path.resolve("redocly.yaml"), "--format=json"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1" },
    });
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf("{")));
    const problems = (report.problems ?? []).map((p: { ruleId: string; message: string; location?: { pointer?: string }[] }) => `${p.ruleId}: ${p.message} at ${p.location?.[0]?.pointer ?? "?"}`);
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("declares numeric query parameters as bounded integers", async () => {
    const doc = (await currentOpenApiDocument()) as unknown as { paths: Record<string, Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[] }>> };
    const limit = doc.paths["/v1/users"].get.parameters!.find((p) => p.name === "limit")!;
    expect(limit.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 50 });
    expect(limit.schema.pattern).toBeUndefined();
    const days = doc.paths["/v1/analytics"].get.parameters!.find((p) => p.name === "days")!;
    expect(days.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 365, default: 30 });
  });
});
