// The hand-off snippets of docs/hosted-app.md ("Hand-off from your app") and the SDK's
// createHandoffToken(), each run for real: the token it prints signs a new member in.
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHandoffToken } from "../../packages/sdk/src/handoff";
import { db } from "../helpers/db";
import { api, getToken, seedPartner } from "../helpers/seed";
import { startSignInServer, type SignInServer } from "../helpers/member-sign-in-server";
import { updatePartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerUpdateSchema } from "@/server/schemas/partner.schema";
import { itRequiring } from "../helpers/requires-postgres";

let server: SignInServer;
beforeAll(async () => (server = await startSignInServer()));
afterAll(async () => server.close());

const doc = fs.readFileSync(path.join(import.meta.dirname, "../../docs/hosted-app.md"), "utf8");
function snippet(tag: string): string {
  const m = new RegExp("```\\w+ " + tag + "\\n([\\s\\S]*?)```").exec(doc);
  if (!m) throw new Error(`no ${tag} snippet in docs/hosted-app.md`);
  return m[1];
}
const has = (cmd: string) => {
  try {
    execFileSync(cmd, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

async function partnerWithSecret() {
  const { partner, keys } = await seedPartner();
  await updatePartner("operator", partner.id, parseWith(partnerUpdateSchema, { member_sign_in: { handoff: true } }));
  const res = await api(server.url, await getToken(server.url, keys.test), "POST", "/v1/handoff-secret/rotate");
  return { partner, secret: res.body.secret as string };
}

async function expectSignedIn(partner: { id: string; subdomain: string }, token: string, memberId: string) {
  const res = await fetch(`${server.url}/p/${partner.subdomain}/auth/handoff?token=${encodeURIComponent(token.trim())}`, { redirect: "manual" });
  expect(res.status).toBe(303);
  expect(await db.member.count({ where: { partnerId: partner.id, environment: "test", externalUserId: memberId } })).toBe(1);
}

describe("hand-off snippets", () => {
  const runners: [string, string, string, string][] = [
    ["Node", "handoff-node", "node", "Node.js"],
    ["Python", "handoff-python", "python3", "python3"],
    ["PHP", "handoff-php", "php", "apt-get install -y php-cli"],
  ];
  for (const [name, tag, cmd, install] of runners) {
    // PHP is not on every developer's machine: there the test skips, said (CI installs php-cli, and
    // with PERKWAY_REQUIRE_POSTGRES_TESTS=1 a missing interpreter fails the run instead).
    itRequiring(has(cmd) ? null : `needs ${cmd} on PATH to run the ${name} snippet (${install})`, `${name} snippet signs a member in`, async () => {
      const { partner, secret } = await partnerWithSecret();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "handoff-"));
      const file = path.join(dir, { node: "snippet.mjs", python3: "snippet.py", php: "snippet.php" }[cmd]!);
      fs.writeFileSync(file, snippet(tag));
      const memberId = `m-${randomUUID().slice(0, 8)}`;
      const token = execFileSync(cmd, [file], {
        env: { ...process.env, HANDOFF_SECRET: secret, SUBDOMAIN: partner.subdomain, MEMBER_ID: memberId, MEMBER_EMAIL: `${memberId}@example.com` },
        encoding: "utf8",
      });
      await expectSignedIn(partner, token, memberId);
    });
  }

  it("the SDK's createHandoffToken() signs a member in, and refuses a lifetime over 5 minutes", async () => {
    const { partner, secret } = await partnerWithSecret();
    const memberId = `sdk-${randomUUID().slice(0, 8)}`;
    const token = await createHandoffToken({ secret, subdomain: partner.subdomain, externalUserId: memberId, email: `${memberId}@example.com`, tier: "premium" });
    await expectSignedIn(partner, token, memberId);
    expect((await db.member.findFirstOrThrow({ where: { partnerId: partner.id, externalUserId: memberId } })).tier).toBe("premium");
    await expect(createHandoffToken({ secret, subdomain: partner.subdomain, externalUserId: memberId, expiresInSeconds: 301 })).rejects.toThrow(RangeError);
  });
});
