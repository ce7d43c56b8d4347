// docs/api.md, GET /v1/deals/{id}/instructions: placeholders inside links are URL-encoded, elsewhere HTML-escaped.
import { describe, expect, it } from "vitest";
import { personalizeInstructions, sanitizeInstructions } from "@/server/services/deals/redemption/redemption-html";

const values = { email: "a+b&c@example.com", user_id: "u 1", external_user_id: `"><script>x</script>`, partner_id: "p/1?x=#" };

describe("personalizeInstructions", () => {
  it("URL-encodes placeholders in href and HTML-escapes them in text", () => {
    const template = sanitizeInstructions(`<p>Hi {{email}}</p><a href="https://x.test/claim?e={{email}}&u={{user_id}}&p={{partner_id}}">Claim for {{external_user_id}}</a>`);
    const html = personalizeInstructions(template, values);
    expect(html).toContain(`<p>Hi a+b&amp;c@example.com</p>`);
    expect(html).toContain(`href="https://x.test/claim?e=a%2Bb%26c%40example.com&amp;u=u%201&amp;p=p%2F1%3Fx%3D%23"`);
    expect(html).toContain(`Claim for "&gt;&lt;script&gt;x&lt;/script&gt;`);
    expect(html).not.toContain("<script");
  });

  it("a placeholder that is the whole href cannot smuggle a scheme", () => {
    const html = personalizeInstructions(sanitizeInstructions(`<a href="https://x.test/{{external_user_id}}">go</a>`), { ...values, external_user_id: "javascript:alert(1)" });
    expect(html).toContain(`href="https://x.test/javascript%3Aalert(1)"`);
  });
});
