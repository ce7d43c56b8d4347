// The hosted profile's "Digest emails" preference (contract section 19): the service the server
// action calls switches the signed-in member's own flag only, the digest run honours it, and the
// component renders the saved state.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import en from "../../messages/en.json";
import { describe, expect, it } from "vitest";
import { DigestEmailsPreference } from "@/components/hosted/digest-emails-preference";
import { runDigests, setMemberDigestEmails } from "@/server/services/digests";
import { db } from "../helpers/db";
import { seedPartner } from "../helpers/seed";
import { createTestMember } from "../helpers/seed-members";

const config = { scheme: "http" as const, appDomain: "perks.test", pathFallback: false };

async function liveMember() {
  const p = await seedPartner();
  const scope = { partnerId: p.partner.id, environment: "live" as const };
  return { scope, member: await createTestMember(scope) };
}

describe("digest emails preference", () => {
  it("turns the member's digests off and on again; the digest run skips them while off", async () => {
    const { scope, member } = await liveMember();
    expect(await setMemberDigestEmails({ scope, member }, false)).toBe(false);
    expect((await db.member.findUniqueOrThrow({ where: { id: member.id } })).digestEmails).toBe(false);
    await runDigests(config, new Date("2027-05-05T10:00:00Z"), [scope.partnerId]);
    expect(await db.memberDigest.count({ where: { memberId: member.id } })).toBe(0);

    expect(await setMemberDigestEmails({ scope, member }, true)).toBe(true);
    await runDigests(config, new Date("2027-05-12T10:00:00Z"), [scope.partnerId]);
    expect(await db.memberDigest.count({ where: { memberId: member.id } })).toBe(1);
  });

  it("changes nothing when the session's scope is not the member's (another partner or environment)", async () => {
    const { member } = await liveMember();
    const other = await liveMember();
    expect(await setMemberDigestEmails({ scope: other.scope, member }, false)).toBe(true);
    expect(await setMemberDigestEmails({ scope: { partnerId: member.partnerId, environment: "test" }, member }, false)).toBe(true);
    expect((await db.member.findUniqueOrThrow({ where: { id: member.id } })).digestEmails).toBe(true);
  });

  it("the profile card shows the saved choice as a switch", () => {
    const save = async (on: boolean) => ({ ok: true as const, on });
    // In English, as the member's page hands it the `digest` messages.
    const render = (initial: boolean) => renderToStaticMarkup(createElement(DigestEmailsPreference, { initial, partnerName: "Acme", save, words: en.digest }));
    const on = render(true);
    const off = render(false);
    expect(on).toContain("Digest emails");
    expect(on).toContain("Acme can email you");
    expect(on).toMatch(/<input[^>]*role="switch"[^>]*checked=""/);
    expect(off).not.toMatch(/<input[^>]*checked=""/);
  });
});
