// A question nobody answered is not an answer (issue 53.8): a member created with only an email holds
// section 5's defaults (every customer type, company size and incorporation; nothing elsewhere), and
// the hosted profile and the portal's member page say "Not answered yet" instead of ticking every
// choice. The data tells them apart (members.answered_dimensions): a partner who sends every choice
// has answered; saving the profile with an unanswered question left empty keeps it unanswered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getMemberProfile, saveMemberProfile } from "@/server/services/members";
import { ELIGIBILITY_VOCABULARIES } from "@/server/domain/enums";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { db } from "../helpers/db";
import { api, getToken } from "../helpers/seed";
import { seedPortalPartner } from "../portal/portal-fixtures";

let server: TestServer;
beforeAll(async () => (server = await startApiServer()));
afterAll(async () => server.close());

const reload = (id: string) => db.member.findUniqueOrThrow({ where: { id } });
const answeredOf = async (scope: { partnerId: string; environment: "live" }, id: string) =>
  Object.fromEntries((await getMemberProfile(scope, await reload(id))).map((f) => [f.dimension, f.answered]));

describe("unanswered profile questions", () => {
  it("a member created with only an email has answered nothing; a partner's values and the member's answers count", async () => {
    const p = await seedPortalPartner();
    const scope = { partnerId: p.partnerId, environment: "live" as const };
    const token = await getToken(server.url, p.keys.live);
    const bare = (await api(server.url, token, "POST", "/v1/users", { email: `bare-${Date.now()}@example.com` })).body;
    // The permissive defaults: every choice of three questions, stored as section 5 says.
    expect(bare.eligibility_customer_type).toEqual([...ELIGIBILITY_VOCABULARIES.customer_type]);
    expect(Object.values(await answeredOf(scope, bare.id)).every((a) => a === false)).toBe(true);
    const portal = await p.live.members.detail({ id: bare.id });
    expect(portal.answered).toEqual([]);

    // A partner who sends every choice has answered that question (the same values as the default).
    const all = (
      await api(server.url, token, "POST", "/v1/users", { email: `all-${Date.now()}@example.com`, eligibility: { customer_type: [...ELIGIBILITY_VOCABULARIES.customer_type] }, regions: ["Europe"] })
    ).body;
    const allAnswered = await answeredOf(scope, all.id);
    expect(allAnswered).toMatchObject({ customer_type: true, regions: true, company_size: false, company_stage: false });
    expect((await p.live.members.detail({ id: all.id })).answered.sort()).toEqual(["customer_type", "regions"]);

    // PATCH answers what it names.
    expect((await api(server.url, token, "PATCH", `/v1/users/${bare.id}`, { eligibility: { company_size: [...ELIGIBILITY_VOCABULARIES.company_size] } })).status).toBe(200);
    expect(await answeredOf(scope, bare.id)).toMatchObject({ company_size: true, customer_type: false });

    // The hosted form shows nothing ticked for an unanswered question and sends it back empty:
    // still unanswered, its default kept (so no deal locks on it); an answer given is answered.
    const member = await reload(bare.id);
    const saved = await saveMemberProfile(scope, member, { customer_type: [], incorporation: [], company_stage: ["Seed"] });
    expect(saved.eligibilityCustomerType).toEqual([...ELIGIBILITY_VOCABULARIES.customer_type]);
    expect(saved.eligibilityIncorporation).toEqual([...ELIGIBILITY_VOCABULARIES.incorporation]);
    expect(await answeredOf(scope, bare.id)).toMatchObject({ customer_type: false, incorporation: false, company_stage: true });
    const again = await saveMemberProfile(scope, saved, { customer_type: [...ELIGIBILITY_VOCABULARIES.customer_type] });
    expect(again.answeredDimensions).toContain("customer_type");
    expect((await p.live.members.detail({ id: bare.id })).answered.sort()).toEqual(["company_size", "company_stage", "customer_type"]);
  }, 120_000);
});
