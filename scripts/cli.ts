// The operator CLI: `npm run cli -- <command> [args]`. Each command prints exactly one JSON document
// on stdout; progress and errors go to stderr; bad input exits non-zero with a clear message.
import fs from "node:fs";
import { parseArgs } from "node:util";
import { readHostedAppConfig } from "@/server/config/hosted-app-config";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema, partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { adminCreateSchema } from "@/server/schemas/team.schema";
import { partnerListInputSchema } from "@/server/schemas/super-admin.schema";
import { bootstrap, log } from "./lib/bootstrap";
import { envValue, readEnv, setting } from "@/server/config/env";

type Command = { usage: string; run: (args: string[]) => Promise<unknown> };

const commands: Record<string, Command> = {
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
    usage: "partner:update <partner_id> --json '{\"active\":false,\"freemium_enabled\":true,...}'",
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
    usage: "admin:create --email E --role super_admin|partner_admin [--partner <id>] [--password P] [--name N]",
    async run(args) {
      const { values } = parseArgs({ args, options: { email: { type: "string" }, role: { type: "string" }, partner: { type: "string" }, password: { type: "string" }, name: { type: "string" } }, strict: true });
      if (!values.email || !values.role) throw usageError("admin:create needs --email and --role");
      const { createAdmin } = await import("@/server/services/admins");
      const created = await createAdmin("operator", parseWith(adminCreateSchema, { email: values.email, role: values.role, partner_id: values.partner, password: values.password, name: values.name }));
      return { ...created, login_url: `${portalUrl()}/login` };
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
};

function portalUrl() {
  const { scheme, appDomain } = readHostedAppConfig({ ...readEnv(), APP_DOMAIN: envValue("APP_DOMAIN") ?? `localhost:${setting("port")}` });
  return `${scheme}://${appDomain}`;
}

class UsageError extends Error {}
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

function requireUuid(v: string) {
  if (!isUuid(v)) throw usageError(`${v} is not a partner id (a UUID)`);
  return v.toLowerCase();
}

function help() {
  return "usage: npm run cli -- <command>\n\n" + Object.values(commands).map((c) => "  " + c.usage).join("\n");
}

async function main() {
  const [name, ...args] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    log(name && name !== "--help" && name !== "help" ? `unknown command: ${name}\n\n${help()}` : help());
    return 2;
  }
  let database: Awaited<ReturnType<typeof bootstrap>> | null = null;
  try {
    database = await bootstrap({ quiet: true });
    const result = await command.run(args);
    process.stdout.write(JSON.stringify(result, null, 2) + "\n");
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
      log(`error: ${(err as Error).message}\nusage: npm run cli -- ${command.usage}`);
      return 2;
    }
    if (err instanceof AppError || (err as Error).name === "ZodError") {
      const { toAppError } = await import("@/server/errors/to-app-error");
      const e = toAppError(err);
      log(`error: ${e.message}${e.param ? ` (${e.param})` : ""}`);
      for (const fe of e.errors ?? []) log(`  - ${fe.param}: ${fe.message}`);
      return 1;
    }
    log(`error: ${(err as Error).message ?? err}`);
    return 1;
  } finally {
    const { disconnectDb } = await import("@/server/db/client");
    await disconnectDb();
    await database?.stop();
  }
}

process.exit(await main());
