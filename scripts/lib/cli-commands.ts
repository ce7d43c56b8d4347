// The operator CLI's commands, one function each: `scripts/cli.ts` runs one per process; the e2e
// suite's seeding helper (e2e/tools/seed-server.ts) runs many in one long-lived process. Each takes
// the command's argument list and returns the JSON-able result the CLI prints.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { isUuid } from "@/server/domain/ids";
import { isTeamRole } from "@/server/domain/team-roles";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema, partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { adminCreateSchema } from "@/server/schemas/team.schema";
import { partnerListInputSchema } from "@/server/schemas/super-admin.schema";
import { providerCreateSchema, providerLinkSchema } from "@/server/schemas/provider.schema";
import { log } from "@/server/runtime/bootstrap";
import { readEnv, setting } from "@/server/config/env";

export type Command = { usage: string; run: (args: string[]) => Promise<unknown> };

export const commands: Record<string, Command> = {
  "partner:create": {
    usage: 'partner:create --name N --type PartnerType [--regions "Europe,Asia"] [--subdomain S]',
    async run(args) {
      const { values } = parseArgs({ args, options: { name: { type: "string" }, type: { type: "string" }, regions: { type: "string" }, subdomain: { type: "string" } }, strict: true });
      if (!values.name || !values.type) throw usageError("partner:create needs --name and --type");
      const { createPartner } = await import("@/server/services/partners");
      const regions = values.regions ? values.regions.split(",").map((r) => r.trim()).filter(Boolean) : [];
      const { partner, keys } = await createPartner("operator", parseWith(partnerCreateSchema, { name: values.name, type: values.type, regions, subdomain: values.subdomain }));
      return { partner_id: partner.id, subdomain: partner.subdomain, keys };
    },
  },
  "partner:update": {
    usage: "partner:update <partner_id> --json '{\"active\":false,\"freemium_enabled\":true,\"default_locale\":\"fr\",\"locales\":[\"fr\",\"en\"],...}'",
    async run(args) {
      const { values, positionals } = parseArgs({ args, options: { json: { type: "string" } }, allowPositionals: true, strict: true });
      if (positionals.length !== 1 || !values.json) throw usageError("partner:update needs a partner id and --json");
      let patch: unknown;
      try {
        patch = JSON.parse(values.json);
      } catch {
        throw usageError("--json is not valid JSON");
      }
      const { updatePartner } = await import("@/server/services/partners");
      return updatePartner("operator", requireUuid(positionals[0]), parseWith(partnerUpdateSchema, patch));
    },
  },
  "partner:rotate-keys": {
    usage: "partner:rotate-keys <partner_id> --env live|test [--expire-old-after SECONDS]",
    async run(args) {
      const { values, positionals } = parseArgs({ args, options: { env: { type: "string" }, "expire-old-after": { type: "string" } }, allowPositionals: true, strict: true });
      if (positionals.length !== 1 || (values.env !== "live" && values.env !== "test")) throw usageError("partner:rotate-keys needs a partner id and --env live|test");
      const expireOldAfterSeconds = expireOldAfter(values["expire-old-after"]);
      const { rotateKeyPair } = await import("@/server/services/partners");
      const rotated = await rotateKeyPair("operator", requireUuid(positionals[0]), values.env, { expireOldAfterSeconds });
      // Without the option the answer stays as it always was; with it, until when the old key works.
      return values["expire-old-after"] === undefined
        ? { public_key: rotated.public_key, private_key: rotated.private_key }
        : { public_key: rotated.public_key, private_key: rotated.private_key, old_key_expires_at: rotated.old_key_expires_at };
    },
  },
  "partner:list": {
    usage: "partner:list",
    async run() {
      const { listPartners } = await import("@/server/services/partners");
      return listPartners("operator", parseWith(partnerListInputSchema, {}));
    },
  },
  "catalog:import": {
    usage: "catalog:import <file.json>",
    async run(args) {
      const { positionals } = parseArgs({ args, allowPositionals: true, strict: true });
      if (positionals.length !== 1) throw usageError("catalog:import needs one JSON file");
      let entries: unknown;
      try {
        entries = JSON.parse(fs.readFileSync(positionals[0], "utf8"));
      } catch (err) {
        throw usageError(`cannot read ${positionals[0]} as JSON: ${(err as Error).message}`);
      }
      if (!Array.isArray(entries)) throw usageError("the catalogue file must hold a JSON array of deals");
      log(`importing ${entries.length} deal(s)…`);
      const { importCatalog } = await import("@/server/services/deals");
      return importCatalog("operator", entries);
    },
  },
  "admin:create": {
    usage: "admin:create --email E --role owner|admin|developer|analyst|super_admin|provider [--partner <id>] [--provider <id>] [--password P] [--name N]  (partner_admin = owner)",
    async run(args) {
      const { values } = parseArgs({
        args,
        options: { email: { type: "string" }, role: { type: "string" }, partner: { type: "string" }, provider: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
        strict: true,
      });
      if (!values.email || !values.role) throw usageError("admin:create needs --email and --role");
      const { createAdmin } = await import("@/server/services/admins");
      // A team role names a partner admin with that role; `partner_admin` (before roles) means owner.
      const teamRole = values.role === "partner_admin" ? "owner" : isTeamRole(values.role) ? values.role : undefined;
      const role = teamRole ? "partner_admin" : values.role;
      // The schema knows only the account kinds: name what this command takes instead.
      if (!teamRole && role !== "super_admin" && role !== "provider") throw usageError(`--role must be one of owner, admin, developer, analyst, super_admin, provider (got ${JSON.stringify(values.role)})`);
      const created = await createAdmin(
        "operator",
        parseWith(adminCreateSchema, { email: values.email, role, team_role: teamRole, partner_id: values.partner, provider_id: values.provider, password: values.password, name: values.name }),
      );
      return { ...created, login_url: `${portalUrl()}/login` };
    },
  },
  "provider:create": {
    usage: "provider:create --name N [--deals <deal_id>,…]",
    async run(args) {
      const { values } = parseArgs({ args, options: { name: { type: "string" }, deals: { type: "string" } }, strict: true });
      if (!values.name) throw usageError("provider:create needs --name");
      const { createProvider } = await import("@/server/services/providers");
      return createProvider("operator", parseWith(providerCreateSchema, { name: values.name, deal_ids: dealIdList(values.deals) }));
    },
  },
  "provider:link": {
    usage: "provider:link --provider <id> --deals <deal_id>,…",
    async run(args) {
      const { values } = parseArgs({ args, options: { provider: { type: "string" }, deals: { type: "string" } }, strict: true });
      if (!values.provider || !values.deals) throw usageError("provider:link needs --provider and --deals");
      const { linkProviderDeals } = await import("@/server/services/providers");
      const input = parseWith(providerLinkSchema, { provider_id: values.provider, deal_ids: dealIdList(values.deals) });
      return linkProviderDeals("operator", input.provider_id, input.deal_ids);
    },
  },
  "events:prune": {
    usage: "events:prune [--older-than-days N]",
    async run(args) {
      const { values } = parseArgs({ args, options: { "older-than-days": { type: "string" } }, strict: true });
      const days = values["older-than-days"] ?? setting("eventRetentionDays");
      const { pruneEvents } = await import("@/server/services/events");
      return pruneEvents(days === undefined ? {} : { olderThanDays: Number(days) });
    },
  },
  "events:partitions": {
    usage: "events:partitions",
    async run() {
      const { ensureEventPartitions, listEventPartitions } = await import("@/server/services/events");
      const created = await ensureEventPartitions();
      const partitions = await listEventPartitions();
      return { created, partitions: partitions.map((p) => ({ name: p.name, from: p.from.toISOString(), to: p.to.toISOString() })) };
    },
  },
  "digests:run": {
    usage: "digests:run [--at <ISO timestamp>] [--partner <id>]",
    async run(args) {
      const { values } = parseArgs({ args, options: { at: { type: "string" }, partner: { type: "string" } }, strict: true });
      const at = values.at === undefined ? new Date() : new Date(values.at);
      if (values.at !== undefined && (!/^\d{4}-\d{2}-\d{2}/.test(values.at) || Number.isNaN(at.getTime()))) throw usageError(`--at must be an ISO timestamp such as 2026-12-07T09:00:00Z, got "${values.at}"`);
      const { runDigests } = await import("@/server/services/digests");
      const { expireEndedDeals } = await import("@/server/services/deals");
      // Expiry first (at the real time, not --at: it changes deals for everyone), so an ended deal is neither announced nor reminded.
      await expireEndedDeals();
      return runDigests(readHostedAppConfig({ ...readEnv(), APP_DOMAIN: setting("appDomain") ?? `localhost:${setting("port")}` }), at, values.partner ? [requireUuid(values.partner)] : undefined);
    },
  },
};

function portalUrl() {
  const { scheme, appDomain } = readHostedAppConfig({ ...readEnv(), APP_DOMAIN: setting("appDomain") ?? `localhost:${setting("port")}` });
  return `${scheme}://${appDomain}`;
}

export class UsageError extends Error {}
const usageError = (m: string) => new UsageError(m);
/** --expire-old-after: whole seconds, 0 (the default: the old key fails at once) to 86,400 (24 hours). */
function expireOldAfter(raw: string | undefined): number {
  if (raw === undefined) return 0;
  const seconds = Number(raw);
  if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(seconds) || seconds > 86_400) {
    throw usageError(`--expire-old-after must be a whole number of seconds from 0 to 86400 (24 hours), got "${raw}"`);
  }
  return seconds;
}

/** --deals a,b,c → ids (validated by the schema). */
function dealIdList(raw: string | undefined): string[] {
  return raw ? raw.split(",").map((d) => d.trim()).filter(Boolean) : [];
}

function requireUuid(v: string) {
  if (!isUuid(v)) throw usageError(`${v} is not a partner id (a UUID)`);
  return v.toLowerCase();
}

