// Own-deal instructions: an unknown {{placeholder}} is refused at save with the supported list (the
// schema every adapter validates with), and the portal's Markdown becomes sanitized HTML whose
// placeholders still fill per member.
import { describe, expect, it } from "vitest";
import { partnerDealCreateSchema, partnerDealUpdateSchema } from "@/server/schemas/deal.schema";
import { INSTRUCTION_PLACEHOLDERS, unknownPlaceholders } from "@/server/schemas/redemption.schema";
import { markdownToInstructions } from "@/server/services/deals/redemption/instructions-markdown";
import { personalizeInstructions } from "@/server/services/deals/redemption/redemption-html";

const deal = (redemption: Record<string, unknown>) => ({ product_name: "Notion", short_description: "Docs", redemption: { method: "steps", ...redemption } });
const issuesOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`));

describe("unknown placeholders", () => {
  it("finds each unknown one once, spaces allowed, known ones ignored", () => {
    expect(unknownPlaceholders("Use {{code}} and {{ code }}, {{email}}, {{ user_id }}, {{Coupon}}", INSTRUCTION_PLACEHOLDERS)).toEqual(["{{code}}", "{{Coupon}}"]);
    expect(unknownPlaceholders("Hi {{email}} {{external_user_id}} {{partner_id}}", INSTRUCTION_PLACEHOLDERS)).toEqual([]);
    // {{click_id}} is a redeem URL's: instructions always got it empty.
    expect(unknownPlaceholders("{{click_id}}", INSTRUCTION_PLACEHOLDERS)).toEqual(["{{click_id}}"]);
  });

  it("refuses {{code}} in instructions at create and update, naming the supported placeholders", () => {
    const create = partnerDealCreateSchema.safeParse(deal({ instructions: "<p>Your code: {{code}}</p>" }));
    expect(issuesOf(create)).toEqual(["redemption.instructions: {{code}} is not a placeholder we can fill. Use {{email}}, {{user_id}}, {{external_user_id}} or {{partner_id}}."]);
    const update = partnerDealUpdateSchema.safeParse({ redemption: { instructions: "{{code}} {{coupon}}" } });
    expect(issuesOf(update)[0]).toContain("{{code}}, {{coupon}} are not placeholders we can fill");
  });

  it("refuses an unknown placeholder in the redeem URL, {{click_id}} allowed there", () => {
    expect(issuesOf(partnerDealCreateSchema.safeParse(deal({ method: "url", redeem_url: "https://x.example/?c={{code}}" })))[0]).toContain("{{code}} is not a placeholder we can fill");
    expect(partnerDealCreateSchema.safeParse(deal({ method: "url", redeem_url: "https://x.example/?c={{click_id}}&e={{ email }}" })).success).toBe(true);
  });

  it("accepts the supported ones", () => {
    expect(partnerDealCreateSchema.safeParse(deal({ instructions: "Hi {{email}} ({{ user_id }}, {{external_user_id}}, {{partner_id}})" })).success).toBe(true);
  });
});

describe("markdownToInstructions", () => {
  const values = { email: "a+b@example.com", user_id: "u1", external_user_id: "ext 1", partner_id: "p1" };

  it("turns Markdown into sanitized HTML; placeholders in links survive to be URL-encoded per member", () => {
    const html = markdownToInstructions("1. Sign up at [the site](https://x.example/c?e={{ email }})\n2. Enter **{{external_user_id}}**");
    expect(html).toBe('<ol>\n<li>Sign up at <a href="https://x.example/c?e={{email}}">the site</a></li>\n<li>Enter <strong>{{external_user_id}}</strong></li>\n</ol>\n');
    const filled = personalizeInstructions(html, values);
    expect(filled).toContain('href="https://x.example/c?e=a%2Bb%40example.com"');
    expect(filled).toContain("<strong>ext 1</strong>");
  });

  it("keeps instructions stored as HTML working, and still removes scripts and handlers", () => {
    expect(markdownToInstructions('<p>Hello {{email}}</p>\n<ul><li><a href="https://x.example">go</a></li></ul>')).toBe('<p>Hello {{email}}</p>\n<ul><li><a href="https://x.example">go</a></li></ul>');
    expect(markdownToInstructions('<p onclick="steal()">Hi</p><script>alert(1)</script>')).toBe("<p>Hi</p>");
    expect(markdownToInstructions("Click [x](javascript:alert(1))")).not.toMatch(/href|javascript:/);
    expect(markdownToInstructions("   ")).toBe("");
  });
});
