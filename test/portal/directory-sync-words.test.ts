// Settings → Directory sync (issue 56): the words the card shows. The create form refuses a missing
// or too long name in plain words through its own resolver (schemaResolver over
// directoryTokenCreateSchema, the input of directorySync.createToken), and the request log shows a
// logged path with its query decoded, the raw path when it cannot be.
import { describe, expect, it } from "vitest";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { readablePath } from "@/app/(portal)/(shell)/settings/_components/directory-sync-words";
import { directoryTokenCreateSchema } from "@/server/schemas/directory-sync.schema";

async function nameError(name: string) {
  const resolve = schemaResolver<{ name: string }>(directoryTokenCreateSchema, (v) => ({ name: v.name }), (p) => (p === "name" ? "name" : null));
  const result = await resolve({ name }, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
  return (result.errors as { name?: { message: string } }).name?.message;
}

describe("directory sync words", () => {
  it("the create form names what is wrong with the token's name", async () => {
    expect(await nameError("   ")).toBe("Name the token (for example: Entra ID production)");
    expect(await nameError("x".repeat(101))).toMatch(/at most 100 characters/);
    expect(await nameError("Entra ID production")).toBeUndefined();
  });

  it("a logged path reads as the directory wrote it", () => {
    expect(readablePath("/scim/v2/Users?filter=userName%20eq%20%22ada%2Bx%40uni.example%22")).toBe('/scim/v2/Users?filter=userName eq "ada+x@uni.example"');
    expect(readablePath("/scim/v2/Users?filter=%E0%A4%A")).toBe("/scim/v2/Users?filter=%E0%A4%A");
  });
});
