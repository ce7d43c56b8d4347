// Settings → Directory sync (issue 56): the create form refuses a missing or too long token name in
// plain words through its own resolver (schemaResolver over directoryTokenCreateSchema, the input of
// directorySync.createToken).
import { describe, expect, it } from "vitest";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { directoryTokenCreateSchema } from "@/server/schemas/directory-sync.schema";

async function nameError(name: string) {
  const resolve = schemaResolver<{ name: string }>(directoryTokenCreateSchema, (v) => ({ name: v.name }), (p) => (p === "name" ? "name" : null));
  const result = await resolve({ name }, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
  return (result.errors as { name?: { message: string } }).name?.message;
}

describe("directory token form words", () => {
  it("the create form names what is wrong with the token's name", async () => {
    expect(await nameError("   ")).toBe("Name the token (for example: Entra ID production)");
    expect(await nameError("x".repeat(101))).toMatch(/at most 100 characters/);
    expect(await nameError("Entra ID production")).toBeUndefined();
  });
});
