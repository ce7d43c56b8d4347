// Partner settings default_locale and locales (contract §16) through `partner:update --json` (the CLI's
// own command table, in process) and the partner create defaults.
import { describe, expect, it } from "vitest";
import { commands } from "../../scripts/lib/cli-commands";
import { seedPartner } from "../helpers/seed";

const update = (id: string, patch: unknown) => commands["partner:update"].run([id, "--json", JSON.stringify(patch)]) as Promise<Record<string, unknown>>;

describe("partner languages", () => {
  it("default to en / [en] and are changed by partner:update --json; the default is always offered", async () => {
    const { partner } = await seedPartner();
    const fresh = await update(partner.id, {});
    expect(fresh).toMatchObject({ default_locale: "en", locales: ["en"] });

    const both = await update(partner.id, { default_locale: "fr", locales: ["fr", "ar", "pt-br", "fr"] });
    expect(both).toMatchObject({ default_locale: "fr", locales: ["fr", "ar", "pt-BR"] });
    // A new default not in the list joins it; a regional tag is stored as its language.
    const joined = await update(partner.id, { default_locale: "es-MX" });
    expect(joined).toMatchObject({ default_locale: "es", locales: ["fr", "ar", "pt-BR", "es"] });
    const listOnly = await update(partner.id, { locales: ["de"] });
    expect(listOnly).toMatchObject({ default_locale: "es", locales: ["de", "es"] });
  });

  it("refuses unsupported languages and an empty list with the field named", async () => {
    const { partner } = await seedPartner();
    await expect(update(partner.id, { default_locale: "zh" })).rejects.toMatchObject({ code: "parameter_invalid", param: "default_locale" });
    await expect(update(partner.id, { locales: ["en", "klingon"] })).rejects.toMatchObject({ code: "parameter_invalid", param: "locales[1]" });
    await expect(update(partner.id, { locales: [] })).rejects.toMatchObject({ param: "locales" });
  });
});
