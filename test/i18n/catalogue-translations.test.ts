// Servicepass deal translations (contract §16) through the catalogue import: stored normalized,
// exported for re-import, replaced by the next import of the entry, refused for unsupported keys,
// and served by GET /v1/deals/{id}?locale= over real HTTP with per-field fallback.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/server/errors/app-error";
import { exportCatalog, importCatalog } from "@/server/services/deals";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { api, seedPartnerWithToken } from "../helpers/seed";
import { servicepassEntry, uniqueTag } from "../helpers/seed-deals";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

describe("servicepass translations through catalog:import", () => {
  it("imports, exports and serves them; the next import of the entry replaces them", async () => {
    const entry = servicepassEntry(uniqueTag("cat"), {
      short_description: "Credits for startups",
      translations: { "fr-FR": { product_name: "Crédits", redemption: { instructions: "<p>Étape 1</p><img src=x onerror=alert(1)>" } }, de: { short_description: "Guthaben für Startups" } },
    });
    const { deals } = await importCatalog("operator", [entry]);
    const id = deals[0].id;
    const exported = (await exportCatalog({ adminId: "00000000-0000-4000-8000-000000000001", role: "super_admin", partnerId: null })).find((e) => e.slug === entry.slug)!;
    expect(exported.translations).toEqual({ fr: { product_name: "Crédits", redemption: { instructions: "<p>Étape 1</p>" } }, de: { short_description: "Guthaben für Startups" } });

    const p = await seedPartnerWithToken(server.url, "test");
    const fr = await api(server.url, p.token, "GET", `/v1/deals/${id}?locale=fr`);
    expect(fr.status).toBe(200);
    expect(fr.headers.get("content-language")).toBe("fr");
    expect(fr.body).toMatchObject({ product_name: "Crédits", short_description: "Credits for startups" });
    const de = await api(server.url, p.token, "GET", `/v1/deals/${id}?locale=de-AT`);
    expect(de.headers.get("content-language")).toBe("de");
    expect(de.body).toMatchObject({ product_name: entry.product_name, short_description: "Guthaben für Startups" });

    // The entry is the whole deal: without translations, it has none afterwards.
    await importCatalog("operator", [{ ...entry, translations: undefined }]);
    expect((await api(server.url, p.token, "GET", `/v1/deals/${id}?locale=fr`)).body.product_name).toBe(entry.product_name);
  });

  it("refuses an unsupported language key, naming the entry and the key", async () => {
    const bad = servicepassEntry(uniqueTag("cat"), { translations: { zh: { product_name: "云" } } });
    const err = await importCatalog("operator", [bad]).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 400, code: "parameter_invalid", param: "[0].translations.zh" });
  });
});
