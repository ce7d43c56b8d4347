// The SDK's generated files must match what /v1/openapi.json says now. After adding or changing a
// /v1 endpoint or a webhook event, run `npm run -w @perkway/sdk generate` and commit the result.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderSdkTypes } from "../../../scripts/sdk/render-sdk-types";

describe("packages/sdk/src/generated", () => {
  it("is current with the OpenAPI document (else: npm run -w @perkway/sdk generate)", async () => {
    const files = await renderSdkTypes();
    for (const [name, text] of Object.entries(files)) {
      const committed = fs.readFileSync(path.resolve(import.meta.dirname, "../src/generated", name), "utf8");
      expect(committed === text, `packages/sdk/src/generated/${name} is stale: run npm run -w @perkway/sdk generate`).toBe(true);
    }
  }, 60_000);
});
