// Every word of a member email is in the member's language (contract §16), in the HTML and the plain
// text alike: the line under the button ("Or paste this link into your browser: …") included, with
// the link itself unchanged; the emails to admins and providers stay English (the portal's language).
// And Arabic counts: the digest says "عرضان جديدان" for two deals, not "2 عروض" (ICU plural
// categories zero/one/two/few/many/other). Rendered directly (no database).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderEmail, type RenderedEmail } from "@/emails";
import { SUPPORTED_LOCALES, type SupportedLocale } from "@/lib/locales";

const brand = { name: "Acme", color: "#0f766e", logoUrl: null };
const EMAIL = "ada@example.com";
const URLS = { signIn: "https://acme.perkway.test/auth/magic?token=abc&x=1", deal: "https://acme.perkway.test/deals/d1", all: "https://acme.perkway.test/api/email/digest-link?t=all", unsubscribe: "https://acme.perkway.test/api/email/member-unsubscribe?token=u" };

const pasteWords = (locale: SupportedLocale): string =>
  (JSON.parse(fs.readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as { email: { layout: { pasteLink: string } } }).email.layout.pasteLink;

/** Each member email with a button, in `locale`, and the link under its button. */
function memberEmails(locale: SupportedLocale): Promise<{ name: string; email: RenderedEmail; link: string }[]> {
  return Promise.all([
    renderEmail("memberSignIn", { brand, email: EMAIL, url: URLS.signIn, expiresInMinutes: 15, locale }).then((email) => ({ name: "sign-in", email, link: URLS.signIn })),
    renderEmail("accessDecision", { brand, email: EMAIL, decision: "approved", dealName: "Cloud", url: URLS.deal, note: null, locale }).then((email) => ({ name: "access approved", email, link: URLS.deal })),
    renderEmail("accessDecision", { brand, email: EMAIL, decision: "declined", dealName: "Cloud", url: URLS.all, note: null, locale }).then((email) => ({ name: "access declined", email, link: URLS.all })),
    renderEmail("memberDealDigest", { brand, email: EMAIL, deals: [{ name: "Cloud", perk: "10%", url: URLS.deal }, { name: "Docs", perk: null, url: URLS.deal }], moreCount: 2, allUrl: URLS.all, unsubscribeUrl: URLS.unsubscribe, locale }).then((email) => ({ name: "digest", email, link: URLS.all })),
    renderEmail("dealEndingSoon", { brand, email: EMAIL, dealName: "Cloud", perk: "10%", endDate: "2026-12-03", url: URLS.deal, unsubscribeUrl: URLS.unsubscribe, locale }).then((email) => ({ name: "ending soon", email, link: URLS.deal })),
  ]);
}

const ENGLISH_LINE = "Or paste this link into your browser";
const escapeHtml = (s: string) => s.replaceAll("&", "&amp;");

describe("member emails speak the member's language in every line", () => {
  for (const locale of SUPPORTED_LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: the line under the button is translated, the link unchanged, in HTML and text`, async () => {
      const words = pasteWords(locale);
      expect(words).not.toContain("paste");
      for (const { name, email, link } of await memberEmails(locale)) {
        expect(email.html, name).not.toContain(ENGLISH_LINE);
        expect(email.text, name).not.toContain(ENGLISH_LINE);
        expect(email.html, name).toContain(words);
        expect(email.html, name).toContain(`href="${escapeHtml(link)}"`);
        expect(email.text, name).toContain(`${words} ${link}`);
        expect(email.links, name).toContain(link);
      }
    });
  }

  it("ar: no Latin-script word is left but the data (brand, deal names, addresses, links)", async () => {
    for (const { name, email } of await memberEmails("ar")) {
      for (const [part, body] of [["text", email.text], ["html", email.html.replace(/<[^>]*>/g, " ")], ["subject", email.subject]] as const) {
        const rest = body
          .replace(/https?:\/\/\S+/g, " ")
          .replaceAll(EMAIL, " ")
          .replace(/\b(Acme|Cloud|Docs)\b/gi, " "); // the plain text writes headings in capitals
        expect(rest.match(/[A-Za-z]{2,}/g) ?? [], `${name} ${part}`).toEqual([]);
      }
    }
  });

  it("en: member emails and the emails to admins keep the English line", async () => {
    const [member] = await memberEmails("en");
    expect(member.email.text).toContain(`${ENGLISH_LINE}: ${URLS.signIn}`);
    const admin = await renderEmail("passwordReset", { email: "ops@example.com", url: "https://perkway.test/set-password?token=t", expiresInMinutes: 60 });
    expect(admin.text).toContain(`${ENGLISH_LINE}: https://perkway.test/set-password?token=t`);
  });
});

describe("Arabic digest counts", () => {
  const digest = (count: number, moreCount = 0) =>
    renderEmail("memberDealDigest", {
      brand,
      email: EMAIL,
      deals: Array.from({ length: count - moreCount }, (_, i) => ({ name: `Deal ${i}`, perk: null, url: `${URLS.deal}?i=${i}` })),
      moreCount,
      allUrl: URLS.all,
      unsubscribeUrl: URLS.unsubscribe,
      locale: "ar",
    });

  it("ar: the partner's own words (its note, the deal's name) are isolated, so their punctuation stays in place", async () => {
    const note = "H1619 note (English).";
    const declined = await renderEmail("accessDecision", { brand, email: EMAIL, decision: "declined", dealName: "Cloud Pro", url: URLS.all, note, locale: "ar" });
    for (const part of [declined.text, declined.html]) expect(part).toContain(`\u2068${note}\u2069`);
    expect(declined.subject).toContain("\u2068Cloud Pro\u2069");
    // Left-to-right languages keep the words as they are.
    const fr = await renderEmail("accessDecision", { brand, email: EMAIL, decision: "declined", dealName: "Cloud Pro", url: URLS.all, note, locale: "fr" });
    expect(fr.text).toContain(note);
    expect(fr.text).not.toContain("\u2068");
  });

  it("two deals: the dual (عرضان جديدان), in the subject and the body", async () => {
    const two = await digest(2);
    expect(two.subject).toBe("عروض جديدة يمكنك الحصول عليها: عرضان جديدان لدى Acme");
    expect(two.text).toContain("هناك عرضان جديدان لك لدى Acme منذ آخر ملخص، ويمكنك الحصول عليهما الآن.");
    expect(two.html).toContain("عرضان جديدان يمكنك الحصول عليهما الآن."); // the preview
    for (const part of [two.subject, two.text, two.html]) expect(part).not.toMatch(/2 عروض/);
  });

  it("one, few (3–10), many (11–99) and other (100) take their own forms", async () => {
    expect((await digest(1)).subject).toContain("عرض جديد واحد لدى");
    expect((await digest(1)).text).toContain("هناك عرض جديد لك لدى Acme");
    expect((await digest(3)).subject).toContain(": 3 عروض جديدة لدى");
    expect((await digest(3)).text).toContain("هناك 3 عروض جديدة لك");
    const many = await digest(11, 6);
    expect(many.subject).toContain(": 11 عرضًا جديدًا لدى");
    expect(many.text).toContain("هناك 11 عرضًا جديدًا لك");
    expect(many.text).toContain("…و6 عروض أخرى.");
    expect((await digest(100, 95)).subject).toContain(": 100 عرض جديد لدى");
    expect((await digest(4, 2)).text).toContain("…وعرضان آخران.");
    expect((await digest(4, 1)).text).toContain("…وعرض آخر.");
  });
});
