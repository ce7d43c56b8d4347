// Contract §16 over real HTTP: translations on /v1/partner-deals (validation, stored form, PATCH merge
// by language and field, null removal), locale= on GET /v1/deals, /v1/deals/{id} and /instructions
// (per-field fallback, Content-Language, regional tags, unsupported → 400), and the member's locale.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { uniqueTag } from "../helpers/seed-deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

type Seeded = Awaited<ReturnType<typeof seedPartnerWithToken>>;
const call = (p: Seeded, method: string, path: string, body?: unknown) => api(server.url, p.token, method, path, body);

const liveDeal = (extra: Record<string, unknown> = {}) => ({
  product_name: "Cloud credits",
  short_description: "Credits for your first year",
  long_description: "Long English text",
  perk_description: "$5,000 in credits",
  status: "live",
  redemption: { method: "url", redeem_url: "https://vendor.example.com/go", instructions: "<p>Sign up with {{email}}</p>" },
  ...extra,
});

describe("translations on /v1/partner-deals", () => {
  it("stores supported keys, normalizes regional tags, refuses other keys with 400 parameter_invalid", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const created = await call(p, "POST", "/v1/partner-deals", {
      ...liveDeal(),
      translations: {
        fr: { product_name: "Crédits cloud", redemption: { instructions: "<p>Inscrivez-vous avec {{email}}</p><script>x()</script>" } },
        "es-MX": { short_description: "Créditos para tu primer año" },
        "pt-BR": { perk_description: "US$ 5.000 em créditos" },
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.translations).toEqual({
      fr: { product_name: "Crédits cloud", redemption: { instructions: "<p>Inscrivez-vous avec {{email}}</p>" } },
      es: { short_description: "Créditos para tu primer año" },
      "pt-BR": { perk_description: "US$ 5.000 em créditos" },
    });
    const fetched = await call(p, "GET", `/v1/partner-deals/${created.body.id}`);
    expect(fetched.body.translations).toEqual(created.body.translations);
    const listed = await call(p, "GET", "/v1/partner-deals");
    expect(listed.body.data.find((d: { id: string }) => d.id === created.body.id).translations).toEqual(created.body.translations);

    for (const [key, value] of [["zh", { product_name: "云" }], ["klingon", { product_name: "x" }], ["", { product_name: "x" }]] as const) {
      const bad = await call(p, "POST", "/v1/partner-deals", { ...liveDeal(), translations: { [key]: value } });
      expect(bad.status, key).toBe(400);
      expect(bad.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: `translations.${key}` });
    }
    const unknownField = await call(p, "POST", "/v1/partner-deals", { ...liveDeal(), translations: { fr: { title: "x" } } });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.error.param).toBe("translations.fr.title");
    const twice = await call(p, "POST", "/v1/partner-deals", { ...liveDeal(), translations: { es: { product_name: "a" }, "es-MX": { product_name: "b" } } });
    expect(twice.status).toBe(400);
    const badPlaceholder = await call(p, "PATCH", `/v1/partner-deals/${created.body.id}`, { translations: { fr: { redemption: { instructions: "{{code}}" } } } });
    expect(badPlaceholder.status).toBe(400);
    expect(badPlaceholder.body.error.param).toBe("translations.fr.redemption.instructions");
  });

  it("PATCH merges by language and field; null removes a field, a language, and an emptied language", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const { body: deal } = await call(p, "POST", "/v1/partner-deals", {
      ...liveDeal(),
      translations: { fr: { product_name: "Crédits cloud", short_description: "Des crédits" }, de: { product_name: "Cloud-Guthaben" } },
    });
    const merged = await call(p, "PATCH", `/v1/partner-deals/${deal.id}`, { translations: { fr: { long_description: "Texte long", short_description: null }, ar: { product_name: "رصيد سحابي" } } });
    expect(merged.status).toBe(200);
    expect(merged.body.translations).toEqual({
      fr: { product_name: "Crédits cloud", long_description: "Texte long" },
      de: { product_name: "Cloud-Guthaben" },
      ar: { product_name: "رصيد سحابي" },
    });
    const removed = await call(p, "PATCH", `/v1/partner-deals/${deal.id}`, { translations: { de: null, ar: { product_name: null } } });
    expect(removed.body.translations).toEqual({ fr: { product_name: "Crédits cloud", long_description: "Texte long" } });
    // Other fields of the deal are untouched by a translations-only PATCH, and an unrelated PATCH keeps translations.
    expect(removed.body.product_name).toBe("Cloud credits");
    const other = await call(p, "PATCH", `/v1/partner-deals/${deal.id}`, { market_value: "$5k" });
    expect(other.body.translations).toEqual(removed.body.translations);
  });
});

describe("locale= on the deal endpoints", () => {
  it("serves translated fields, falls back field by field, names the locale in Content-Language", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const name = uniqueTag("credits");
    const { body: deal } = await call(p, "POST", "/v1/partner-deals", {
      ...liveDeal({ product_name: name }),
      translations: {
        fr: { product_name: `${name} (fr)`, long_description: "Texte long", redemption: { instructions: "<p>Inscrivez-vous avec {{email}}</p>" } },
        es: { short_description: "Créditos" },
      },
    });

    const fr = await call(p, "GET", `/v1/deals/${deal.id}?locale=fr`);
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-language")).toBe("fr");
    expect(fr.body).toMatchObject({ product_name: `${name} (fr)`, short_description: "Credits for your first year", long_description: "Texte long", perk_description: "$5,000 in credits" });
    expect(fr.body.redemption.instructions).toBe("<p>Inscrivez-vous avec {{email}}</p>");
    expect(fr.body).not.toHaveProperty("translations");

    const own = await call(p, "GET", `/v1/deals/${deal.id}`);
    expect(own.body.product_name).toBe(name);
    expect(own.headers.get("content-language")).toBeNull();

    // A regional tag is served as its language; a supported language without a translation falls back.
    const mx = await call(p, "GET", `/v1/deals/${deal.id}?locale=es-MX`);
    expect(mx.headers.get("content-language")).toBe("es");
    expect(mx.body).toMatchObject({ product_name: name, short_description: "Créditos" });
    const de = await call(p, "GET", `/v1/deals/${deal.id}?locale=de`);
    expect(de.status).toBe(200);
    expect(de.headers.get("content-language")).toBe("de");
    expect(de.body.product_name).toBe(name);
    expect(de.body.redemption.instructions).toBe(own.body.redemption.instructions);

    const list = await call(p, "GET", `/v1/deals?locale=fr-CA&q=${name}`);
    expect(list.status).toBe(200);
    expect(list.headers.get("content-language")).toBe("fr");
    expect(list.body.data.map((d: { product_name: string }) => d.product_name)).toEqual([`${name} (fr)`]);
    // The same page without locale is unchanged (the localized bytes are cached apart).
    expect((await call(p, "GET", `/v1/deals?q=${name}`)).body.data[0].product_name).toBe(name);
    // q finds the deal by the words a list in that language shows (its Spanish short description).
    const byTranslation = await call(p, "GET", `/v1/deals?locale=es&q=${encodeURIComponent("créditos")}`);
    expect(byTranslation.body.data.map((d: { id: string }) => d.id)).toContain(deal.id);

    const { body: member } = await call(p, "POST", "/v1/users", { email: `${uniqueTag("m")}@example.com` });
    const instr = await call(p, "GET", `/v1/deals/${deal.id}/instructions?user_id=${member.id}&locale=fr`);
    expect(instr.status).toBe(200);
    expect(instr.headers.get("content-language")).toBe("fr");
    expect(instr.body.instructions).toBe(`<p>Inscrivez-vous avec ${member.email}</p>`);
    const instrDe = await call(p, "GET", `/v1/deals/${deal.id}/instructions?user_id=${member.id}&locale=de`);
    expect(instrDe.body.instructions).toBe(`<p>Sign up with ${member.email}</p>`);
  });

  it("answers 400 parameter_invalid for a locale the product does not support", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const { body: deal } = await call(p, "POST", "/v1/partner-deals", liveDeal({ product_name: uniqueTag("d") }));
    const { body: member } = await call(p, "POST", "/v1/users", { email: `${uniqueTag("m")}@example.com` });
    for (const path of ["/v1/deals", `/v1/deals/${deal.id}`, `/v1/deals/${deal.id}/instructions?user_id=${member.id}`]) {
      for (const locale of ["zh", "xx-YY", "not a locale", ""]) {
        const res = await call(p, "GET", `${path}${path.includes("?") ? "&" : "?"}locale=${encodeURIComponent(locale)}`);
        expect(res.status, `${path} ${locale}`).toBe(400);
        expect(res.body.error).toMatchObject({ type: "invalid_request_error", code: "parameter_invalid", param: "locale" });
      }
    }
  });
});

describe("the member's locale on /v1/users", () => {
  it("is written and returned by POST, PATCH (both), GET and batch, in canonical case; bad tags are 400", async () => {
    const p = await seedPartnerWithToken(server.url, "test");
    const created = await call(p, "POST", "/v1/users", { email: `${uniqueTag("a")}@example.com`, locale: "pt-br" });
    expect(created.status).toBe(201);
    expect(created.body.locale).toBe("pt-BR");
    const plain = await call(p, "POST", "/v1/users", { email: `${uniqueTag("b")}@example.com` });
    expect(plain.body.locale).toBeNull();

    const byId = await call(p, "PATCH", `/v1/users/${plain.body.id}`, { locale: "es-MX" });
    expect(byId.body.locale).toBe("es-MX");
    expect((await call(p, "GET", `/v1/users/${plain.body.id}`)).body.locale).toBe("es-MX");
    const byEmail = await call(p, "PATCH", "/v1/users", { email: plain.body.email, locale: "ar" });
    expect(byEmail.body.locale).toBe("ar");
    const cleared = await call(p, "PATCH", `/v1/users/${plain.body.id}`, { locale: null });
    expect(cleared.body.locale).toBeNull();

    const bad = await call(p, "POST", "/v1/users", { email: `${uniqueTag("c")}@example.com`, locale: "not a tag!" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: "parameter_invalid", param: "locale" });

    const batch = await call(p, "POST", "/v1/users/batch", {
      users: [
        { email: `${uniqueTag("d")}@example.com`, locale: "fr" },
        { email: `${uniqueTag("e")}@example.com` },
        { email: `${uniqueTag("f")}@example.com`, locale: "??" },
      ],
    });
    expect(batch.status).toBe(200);
    expect(batch.body.data[0]).toMatchObject({ status: "created", user: { locale: "fr" } });
    expect(batch.body.data[1].user.locale).toBeNull();
    expect(batch.body.data[2]).toMatchObject({ status: "error", error: { code: "parameter_invalid", param: "users[2].locale" } });
    const listed = await call(p, "GET", `/v1/users?email=${encodeURIComponent(batch.body.data[0].user.email)}`);
    expect(listed.body.data[0].locale).toBe("fr");
  });
});
