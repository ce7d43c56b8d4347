// Portal forms and imports read validation problems in plain words, with zod's defaults never shown.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { plainErrorMap, sentenceOf } from "./plain-messages";

const messagesOf = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input, { error: plainErrorMap });
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe("plainErrorMap", () => {
  const deal = z.object({
    product_name: z.string().min(1),
    tier: z.enum(["free", "premium"]),
    tags: z.array(z.enum(["new", "limited_time"])),
    product_url: z.url(),
    priority: z.number().int().max(1000),
    contact: z.email(),
  });

  it("says what to do, in words, for each kind of problem", () => {
    expect(messagesOf(deal, { product_name: "", tier: "gold", tags: ["x"], product_url: "nope", priority: 5000, contact: "a@" })).toEqual([
      "Enter a product name",
      "Choose free or premium",
      "Choose new or limited time",
      "Enter a full web address for product URL, starting with https://",
      "The priority must be at most 1000",
      "Enter an email address like name@example.com",
    ]);
    expect(messagesOf(deal, {})[0]).toBe("Enter a product name");
  });

  it("keeps a schema's own message, as a sentence", () => {
    expect(messagesOf(z.object({ name: z.string().min(1, "Name your deal") }), { name: "" })).toEqual(["Name your deal"]);
    expect(sentenceOf(["email"], "must be a valid email address")).toBe("Email must be a valid email address");
    expect(sentenceOf(["email"], "Already taken")).toBe("Already taken");
  });

  it("never shows zod's default wording", () => {
    const all = messagesOf(deal, { product_name: 1, tier: null, tags: "x", product_url: 3, priority: "a", contact: 1 });
    for (const m of all) expect(m).not.toMatch(/Too small|Too big|Invalid (input|option)|expected|_/);
  });
});
