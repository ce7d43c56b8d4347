// The hosted app in the member's language (contract §16): French picked in the language menu (kept
// across pages by its cookie), Arabic right to left at 375 px with no sideways scroll, and a deal's
// own translation served on its page. Screenshots of both for review.
import { expect, test, type Page } from "@playwright/test";
import { cli, createPartnerWithAdmin, expectAccessible, screenshotBoth, WIDTHS } from "./support";
import { apiToken, createMember, createPrivateDeal } from "./hosted-support";

test.describe.configure({ timeout: 120_000 });

const magicPath = (subdomain: string, signInUrl: string) => `/p/${subdomain}/auth/magic?token=${new URL(signInUrl).searchParams.get("token")}`;
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function chooseLanguage(page: Page, current: RegExp, name: string) {
  await page.getByTestId("language-menu").locator("summary").click();
  await page.getByRole("button", { name, exact: true }).click();
  await expect(page.locator("html")).not.toHaveAttribute("lang", current);
}

test.describe("hosted app languages", () => {
  test("a member switches to French in the menu; pages, the deal's own translation and the choice stay French", async ({ page, request }) => {
    const partner = createPartnerWithAdmin();
    cli("partner:update", partner.partner_id, "--json", JSON.stringify({ default_locale: "en", locales: ["en", "fr", "ar"] }));
    const token = await apiToken(request, partner.keys.test);
    const deal = await createPrivateDeal(request, token, {
      product_name: `Cloud credits ${Date.now().toString(36)}`,
      short_description: "Credits for your first year",
      redemption: { method: "promo_code", promo_code: "BONJOUR" },
      translations: { fr: { product_name: "Crédits cloud", short_description: "Des crédits pour votre première année" } },
    });
    // No company stage yet: a stage-gated deal asks for it on the profile page.
    const member = await createMember(request, token, { eligibility: { company_stage: [] } });

    await page.goto(magicPath(partner.subdomain, member.sign_in_url));
    await page.getByRole("button", { name: `Continue to ${partner.name}` }).click();
    await expect(page.getByRole("heading", { level: 1, name: `${partner.name} perks` })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "en");

    await chooseLanguage(page, /^en$/, "Français");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
    await expect(page.getByRole("heading", { level: 1, name: `Les avantages ${partner.name}` })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: /Vos offres/ })).toBeVisible();
    await expect(page.getByTestId("deal-list")).toContainText("Crédits cloud");
    await expectAccessible(page);

    // The choice is remembered: the deal page opens in French, with the deal's French text.
    await page.goto(`/p/${partner.subdomain}/deals/${deal.id}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Crédits cloud" })).toBeVisible();
    await page.getByRole("button", { name: "Afficher le code" }).click();
    await expect(page.getByTestId("redeem-code")).toHaveText("BONJOUR");
    await expect(page.getByRole("link", { name: "Toutes les offres" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-i18n-fr-deal");

    // The profile page and its questions, and a deal's lock reason, are French too (issue 40).
    const gated = await createPrivateDeal(request, token, {
      product_name: `Stage deal ${Date.now().toString(36)}`,
      short_description: "For early companies",
      redemption: { method: "promo_code", promo_code: "AMORCE" },
      eligibility_company_stage: ["Seed", "Series A"],
    });
    await page.goto(`/p/${partner.subdomain}/deals/${gated.id}`);
    await expect(page.getByTestId("deal-locked")).toContainText("Non éligible");
    await expect(page.getByTestId("deal-locked")).toContainText("Réservé aux entreprises au stade Amorçage ou Série A.");
    await page.getByTestId("missing-answer").getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1, name: "Votre profil" })).toBeVisible();
    const stage = page.getByRole("group", { name: "Stade de l’entreprise" });
    await expect(stage.getByText("Une offre que vous avez ouverte a besoin de cette réponse.")).toBeVisible();
    await stage.getByLabel("Amorçage", { exact: true }).check();
    await page.getByRole("button", { name: "Enregistrer et revenir à l’offre" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /Stage deal/ })).toBeVisible();
    await expect(page.getByRole("button", { name: "Afficher le code" })).toBeVisible();
    await page.goto(`/p/${partner.subdomain}/profile`);
    await expect(page.getByRole("heading", { level: 2, name: "E-mails récapitulatifs" })).toBeVisible();
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-i18n-fr-profile");
  });

  test("Arabic is right to left at 375 px: <html dir=rtl>, no sideways scroll, mirrored back arrow", async ({ page, request }) => {
    const partner = createPartnerWithAdmin();
    cli("partner:update", partner.partner_id, "--json", JSON.stringify({ default_locale: "en", locales: ["en", "ar"] }));
    const token = await apiToken(request, partner.keys.test);
    const deal = await createPrivateDeal(request, token, {
      product_name: `Design tool ${Date.now().toString(36)}`,
      short_description: "Six months free",
      redemption: { method: "promo_code", promo_code: "MARHABA" },
    });
    // The member's own locale decides until they pick another language.
    const member = await createMember(request, token, { locale: "ar-EG" });
    await page.setViewportSize(WIDTHS.phone);

    // Before sign-in the member is unknown (the browser asks for English); once signed in, their locale decides.
    await page.goto(magicPath(partner.subdomain, member.sign_in_url));
    await page.getByRole("button", { name: `Continue to ${partner.name}` }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: `مزايا ${partner.name}` })).toBeVisible();
    expect(await sidewaysOverflow(page)).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-i18n-ar-list");

    await page.goto(`/p/${partner.subdomain}/deals/${deal.id}`);
    await page.getByRole("button", { name: "أظهر الرمز" }).click();
    await expect(page.getByTestId("redeem-code")).toHaveText("MARHABA");
    expect(await sidewaysOverflow(page)).toBe(0);
    // The back link's arrow points to the right (the start side) in right-to-left.
    const back = page.getByRole("link", { name: "كل العروض" });
    // Tailwind 4's rotate-180 sets the `rotate` property, not `transform`.
    const turned = await back.locator("svg").evaluate((svg) => {
      const style = getComputedStyle(svg);
      return style.rotate !== "none" || style.transform !== "none";
    });
    expect(turned).toBe(true);
    await expectAccessible(page);
    await screenshotBoth(page, "hosted-i18n-ar-deal");

    // Back to English from the menu (the summary shows the current language's code on a phone).
    await chooseLanguage(page, /^ar$/, "English");
    await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  });
});

// Decided 2026-12-02 (issue 52.6): an unoffered locale never reaches a member. ?lang=, the member's
// locale, Accept-Language and the menu's cookie each count only when they name (or regionally match)
// one of the partner's locales; else the next source decides, finally default_locale. Plain HTTP: the
// served <html lang dir> is the whole answer, no browser needed.
test("an unoffered locale never reaches a member, whichever source names it", async ({ request, baseURL }) => {
  const partner = createPartnerWithAdmin();
  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ default_locale: "en", locales: ["de", "en"] }));
  const htmlOf = async (path: string, headers: Record<string, string> = {}) => {
    const res = await request.get(path, { headers: { "accept-language": "", ...headers } });
    expect(res.status()).toBe(200);
    const body = await res.text();
    const tag = /<html[^>]*>/.exec(body)?.[0] ?? "";
    return { lang: /lang="([^"]+)"/.exec(tag)?.[1], dir: /dir="([^"]+)"/.exec(tag)?.[1], body };
  };
  const widget = `/embed/${partner.subdomain}`;
  // ?lang= naming a language the partner does not offer: ignored (Arabic was served, right to left).
  expect(await htmlOf(`${widget}?lang=ar`)).toMatchObject({ lang: "en", dir: "ltr" });
  expect((await htmlOf(`${widget}?lang=ar`, { "accept-language": "ar, de;q=0.5" })).lang).toBe("de");
  expect((await htmlOf(`${widget}?lang=fr-CA`)).lang).toBe("en");
  // An offered one, or a regional tag of one, is served.
  expect((await htmlOf(`${widget}?lang=de-AT`)).lang).toBe("de");
  // Accept-Language and a forged (or stale) language-menu cookie alike.
  const app = `/p/${partner.subdomain}`;
  expect((await htmlOf(app, { "accept-language": "ar-EG, es;q=0.8" })).lang).toBe("en");
  expect((await htmlOf(app, { cookie: "perkway_locale=ar", "accept-language": "de" })).lang).toBe("de");
  // The language menu offers only the partner's languages.
  const menu = (await htmlOf(app)).body;
  expect(menu).toContain('value="de"');
  expect(menu).not.toMatch(/name="locale" value="(ar|fr|es|pt-BR)"/);

  // A member whose stored locale the partner does not offer: English (the default), or German when asked.
  const token = await apiToken(request, partner.keys.test);
  const member = await createMember(request, token, { locale: "ar-EG" });
  const signIn = await request.post(`${app}/auth/magic/continue`, {
    form: { token: new URL(member.sign_in_url).searchParams.get("token") ?? "" },
    headers: { origin: new URL(baseURL ?? "http://localhost:3100").origin },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);
  const signedIn = await htmlOf(app);
  expect(signedIn.body).toContain('href="' + app + '/profile"');
  expect(signedIn).toMatchObject({ lang: "en", dir: "ltr" });
  expect((await htmlOf(app, { "accept-language": "de-CH" })).lang).toBe("de");
});

// Issues 53.3 and 53.4: the deal page in German and Arabic words the catalogue's categories, an "Up to"
// value and the approval time in the page's language, and gives the deal's own (English) text its own
// direction (dir="auto"), so "6 months free on the Linear Business plan" keeps its order in Arabic.
test("the deal page words categories, values and approval times in German and Arabic", async ({ request, baseURL }) => {
  const partner = createPartnerWithAdmin();
  cli("partner:update", partner.partner_id, "--json", JSON.stringify({ default_locale: "en", locales: ["en", "de", "ar"] }));
  const token = await apiToken(request, partner.keys.test);
  const name = `Linear ${Date.now().toString(36)}`;
  const deal = await createPrivateDeal(request, token, {
    product_name: name,
    short_description: "Issue tracking",
    perk_description: "6 months free on the Linear Business plan",
    market_value: "Up to $1,200",
    categories: ["developer-tools"],
    approval_required: true,
    approval_time: "5 business days",
    redemption: { method: "promo_code", promo_code: "LINEAR6" },
  });
  const member = await createMember(request, token);
  const app = `/p/${partner.subdomain}`;
  const signIn = await request.post(`${app}/auth/magic/continue`, {
    form: { token: new URL(member.sign_in_url).searchParams.get("token") ?? "" },
    headers: { origin: new URL(baseURL ?? "http://localhost:3100").origin },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(303);
  const page = async (lang: string) => {
    const res = await request.get(`${app}/deals/${deal.id}`, { headers: { "accept-language": lang } });
    expect(res.status()).toBe(200);
    // Text as a member reads it: tags out, entities and isolates (U+2068/U+2069) kept.
    return (await res.text()).replace(/&nbsp;|\u00a0/g, " ");
  };
  const german = await page("de");
  expect(german).toContain('<html lang="de" dir="ltr"');
  expect(german).toContain("Entwicklerwerkzeuge");
  expect(german).toContain("Im Wert von bis zu 1.200 $");
  expect(german).toContain("innerhalb von 5 Werktagen");
  expect(german).not.toMatch(/Up to \$1,200|business days|Developer Tools/);
  const arabic = await page("ar");
  expect(arabic).toContain('<html lang="ar" dir="rtl"');
  expect(arabic).toContain("أدوات المطورين");
  expect(arabic).toContain("أيام عمل");
  expect(arabic).not.toMatch(/Up to \$1,200|business days|Developer Tools/);
  // The deal's own English text: its own direction inside the right-to-left page.
  expect(arabic).toMatch(/<p dir="auto"[^>]*>6 months free on the Linear Business plan<\/p>/);
  expect(arabic).toMatch(new RegExp(`<h1 dir="auto"[^>]*>${name}</h1>`));
  // The list in Arabic: the member's English search words keep their order inside the sentence
  // (isolated), and the demo catalogue's second page is offered in Arabic, not English.
  const searched = await request.get(`${app}/?q=Linear`, { headers: { "accept-language": "ar" } });
  expect(await searched.text()).toContain("\u2068Linear\u2069");
  const list = await (await request.get(app, { headers: { "accept-language": "ar" } })).text();
  expect(list).toContain("عرض المزيد من العروض");
  expect(list).not.toMatch(/Show more deals|Showing \d+ of/);
});
