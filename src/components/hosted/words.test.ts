import { describe, expect, it } from "vitest";
import { SUPPORTED_LOCALES } from "@/lib/locales";
import { loadMessages } from "@/lib/messages";
import { wordsT, type Words } from "./words";

// The namespaces the member app's client islands read through wordsT (the deal page's redemption and
// access panels, the profile form and the digest switch).
const CLIENT_NAMESPACES = ["redeem", "access", "profile", "digest"] as const;

function strings(words: Words, path: string): [string, string][] {
  return Object.entries(words).flatMap(([k, v]) => (typeof v === "string" ? [[`${path}.${k}`, v] as [string, string]] : strings(v, `${path}.${k}`)));
}

describe("wordsT", () => {
  const t = wordsT({ a: "Hello {name}, {name}!", nested: { b: "{partner} said {note}" }, plain: "No placeholders" });

  it("fills every placeholder, reads nested keys, and leaves a value's own braces alone", () => {
    expect(t("a", { name: "Ada" })).toBe("Hello Ada, Ada!");
    expect(t("nested.b", { partner: "Acme", note: "use {partner}" })).toBe("Acme said use {partner}");
    expect(t("plain")).toBe("No placeholders");
  });

  it("answers the key for a missing message and keeps an unknown placeholder", () => {
    expect(t("nested.missing")).toBe("nested.missing");
    expect(t("nested")).toBe("nested");
    expect(t("a", { other: "x" })).toBe("Hello {name}, {name}!");
  });

  it("the client islands' messages use only what it reads: {name} placeholders (and <reload> in access.approved)", async () => {
    for (const locale of SUPPORTED_LOCALES) {
      const messages = loadMessages(locale) as unknown as Record<string, Words>;
      for (const ns of CLIENT_NAMESPACES) {
        for (const [key, text] of strings(messages[ns], ns)) {
          const rest = text.replace(/\{\w+\}/g, "").replace(key === "access.approved" ? /<\/?reload>/g : /$^/, "");
          expect(rest, `${locale} ${key}`).not.toMatch(/[{}<>]|''/);
        }
      }
    }
  });
});
