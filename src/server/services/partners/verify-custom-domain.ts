// Verifies a partner admin's pending custom domain (issue 44, item 8): the domain must have a DNS
// record that proves control — the TXT record _perkway-verify.{domain} = perkway-verify={token}, or a
// CNAME to the platform's host — and a request to https://{domain}/healthz must reach this platform
// (DNS and TLS ready). Only then does the domain become the partner's custom domain, and sign-in
// links, emails and the embed snippet switch to it. Otherwise the pending domain keeps what was missing.
import { promises as dns } from "node:dns";
import { hostnameOf } from "@/server/config/app-host";
import { db } from "@/server/db/client";
import { isUuid } from "@/server/domain/ids";
import { AppError } from "@/server/errors/app-error";
import type { PartnerScope } from "@/server/scope";
import { writesCachedRows } from "@/server/services/cache";
import { serializePartner, type PartnerDto } from "./serialize-partner";

/** What a verification asks the outside world (tests give their own). */
export type DomainChecks = {
  resolveTxt: (name: string) => Promise<string[][]>;
  resolveCname: (name: string) => Promise<string[]>;
  /** true when GET https://{domain}/healthz is answered by a Perkway deployment. */
  reachesPlatform: (domain: string) => Promise<boolean>;
};

const liveChecks: DomainChecks = {
  resolveTxt: (name) => dns.resolveTxt(name),
  resolveCname: (name) => dns.resolveCname(name),
  async reachesPlatform(domain) {
    const res = await fetch(`https://${domain}/healthz`, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
    const body = (await res.json().catch(() => null)) as { status?: unknown } | null;
    return res.status === 200 && body?.status === "ok";
  },
};

const quietly = async <T>(lookup: () => Promise<T>, fallback: T): Promise<T> => lookup().catch(() => fallback);
const bare = (host: string) => host.toLowerCase().replace(/\.$/, "");

export const verifyCustomDomain = writesCachedRows(async function verifyCustomDomain(
  scope: Pick<PartnerScope, "partnerId">,
  opts: { appDomain: string; checks?: DomainChecks; now?: Date },
): Promise<PartnerDto> {
  if (!isUuid(scope.partnerId)) throw new AppError("partner_not_found", "No such partner");
  const partner = await db.partner.findUnique({ where: { id: scope.partnerId } });
  if (!partner) throw new AppError("partner_not_found", "No such partner");
  const domain = partner.customDomainPending;
  if (!domain || !partner.customDomainToken) return serializePartner(partner);
  const checks = opts.checks ?? liveChecks;
  const host = hostnameOf(opts.appDomain);

  const [txt, cnames] = await Promise.all([quietly(() => checks.resolveTxt(`_perkway-verify.${domain}`), []), quietly(() => checks.resolveCname(domain), [])]);
  const txtOk = txt.some((parts) => parts.join("") === `perkway-verify=${partner.customDomainToken}`);
  const cnameOk = cnames.map(bare).some((target) => target === host || target === `${partner.subdomain}.${host}`);
  let problem: string | null = null;
  if (!txtOk && !cnameOk) problem = `No DNS record found yet: add the TXT record _perkway-verify.${domain} (or a CNAME to ${host}). DNS changes can take a few minutes to an hour.`;
  else if (!(await quietly(() => checks.reachesPlatform(domain), false))) problem = `The DNS record is there, but https://${domain} does not reach Perkway yet (DNS still spreading, or no certificate for the domain yet).`;
  else if (await db.partner.count({ where: { customDomain: domain, id: { not: partner.id } } })) problem = `${domain} is already used by another partner.`;

  const now = opts.now ?? new Date();
  const updated = await db.partner.update({
    where: { id: partner.id },
    data: problem
      ? { customDomainCheckedAt: now, customDomainProblem: problem }
      : { customDomain: domain, customDomainPending: null, customDomainToken: null, customDomainCheckedAt: null, customDomainProblem: null },
  });
  return serializePartner(updated);
});
