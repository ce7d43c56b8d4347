// Issue 44, items 9, 15, 16: words the portal shows after queuing an email (sent, or kept in the
// Mailbox without an email server), and the instructions preview keeping numbered lists.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { emailQueuedToast, linkAlsoEmailed } from "@/lib/email-words";
import { INSTRUCTIONS_PREVIEW_CLASS } from "@/app/(portal)/(shell)/deals/own/_components/instructions-preview";
import { previewInstructions } from "@/server/services/deals";
import { seedPartner } from "../helpers/seed";

describe("email words", () => {
  it("say 'sent' only when an email server is configured", () => {
    expect(emailQueuedToast(true, { one: "Sign-in email", many: "sign-in emails" }, 1, "Ada")).toBe("Sign-in email to Ada sent");
    expect(emailQueuedToast(false, { one: "Sign-in email", many: "sign-in emails" }, 1, "Ada")).toBe("Sign-in email to Ada kept in the Mailbox: no email server is set up, so nothing was sent");
    expect(emailQueuedToast(false, { one: "Sign-in email", many: "sign-in emails" }, 3)).toMatch(/^3 sign-in emails kept in the Mailbox/);
  });

  it("the invite dialog no longer asks the admin to send an emailed link themselves only", () => {
    expect(linkAlsoEmailed(true, "ada@example.com")).toMatch(/^We emailed this link to ada@example\.com\./);
    expect(linkAlsoEmailed(false, "ada@example.com")).toMatch(/kept in the Mailbox/);
  });
});

describe("instructions preview", () => {
  it("renders a numbered list as a list the preview numbers", async () => {
    const { partner } = await seedPartner();
    const out = await previewInstructions({ partnerId: partner.id, environment: "test" }, { instructions: "1. Sign up\n2. Enter the code\n3. Enjoy", redeem_url: "" });
    expect(out.html).toMatch(/<ol>\s*<li>Sign up<\/li>\s*<li>Enter the code<\/li>\s*<li>Enjoy<\/li>\s*<\/ol>/);
    // Tailwind's reset removes list markers: the preview puts them back for ol and ul.
    expect(INSTRUCTIONS_PREVIEW_CLASS.split(" ")).toEqual(expect.arrayContaining(["[&_ol]:list-decimal", "[&_ul]:list-disc"]));
    const html = renderToStaticMarkup(createElement("div", { className: INSTRUCTIONS_PREVIEW_CLASS, dangerouslySetInnerHTML: { __html: out.html } }));
    expect(html).toContain("<ol>");
  });
});
