// Issue 44, item 11: the settings form's words. An http:// logo is refused (the field promises "An
// https image"), and a bad colour says what a colour must look like. The form's own resolver
// (schemaResolver over partnerSettingsSchema, the schema settings.update uses) produces them.
import { describe, expect, it } from "vitest";
import { schemaResolver } from "@/components/portal/schema-resolver";
import { fieldOf, toInput, type Values } from "@/app/(portal)/(shell)/settings/_components/settings-values";
import { partnerSettingsSchema } from "@/server/schemas/partner.schema";

const base: Values = {
  name: "Orbit Labs",
  type: "Accelerator",
  regions: ["Europe"],
  delivery_method: "hosted",
  subdomain: "orbit-labs",
  primary_color: "#1d3557",
  logo_url: "",
  headline: "",
  welcome_text: "",
  freemium_enabled: false,
  upgrade_url: "",
  origins: "",
  member_access: "invite_only",
  domains: "",
  support_email: "",
  custom_domain: "",
  hide_powered_by: false,
  profile_dimensions: ["company_stage"],
  share_name_with_providers: false,
  default_locale: "en",
  locales: ["en"],
};

async function errorsOf(values: Partial<Values>) {
  const resolve = schemaResolver<Values>(partnerSettingsSchema, (v) => toInput(v, {}), fieldOf);
  const result = await resolve({ ...base, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false } as never);
  return result.errors as Record<string, { message: string } | undefined>;
}

describe("settings words (issue 44)", () => {
  it("accepts the defaults", async () => {
    expect(await errorsOf({})).toEqual({});
  });

  it("refuses an http:// logo with words that say why", async () => {
    expect((await errorsOf({ logo_url: "http://cdn.example.com/logo.png" })).logo_url?.message).toBe("Logo URL must be an https:// address (or a path on this site starting with /)");
    expect((await errorsOf({ logo_url: "https://cdn.example.com/logo.png" })).logo_url).toBeUndefined();
  });

  it("says what a colour must look like", async () => {
    expect((await errorsOf({ primary_color: "blue" })).primary_color?.message).toBe("Primary color must be a colour written as # and six hex digits, like #1d3557");
  });
});
