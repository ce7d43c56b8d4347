// Members complete their own profile (contract 10): the questions a partner leaves to members are
// editable unless the partner supplied the answer; an answer is stored as self-reported and the
// deal's lock is re-evaluated on the next read; a partner's later update makes the answer theirs
// (read-only) again; settings.setMemberProfile chooses the questions.
import { describe, expect, it } from "vitest";
import { db } from "../helpers/db";
import { dimensionOfLock } from "@/server/domain/member-profile";
import { lockText } from "@/components/hosted/lock-reasons";
import { getHostedDeal } from "@/server/services/deals";
import { getMemberProfile, saveMemberProfile, updateMember } from "@/server/services/members";
import { seedServicepassDeals } from "../helpers/seed-deals";
import { createTestMember } from "../helpers/seed-members";
import { seedPortalPartner, trpcError } from "../portal/portal-fixtures";

async function setup() {
  const p = await seedPortalPartner();
  const scope = { partnerId: p.partnerId, environment: "live" as const };
  const { ids, slugs } = await seedServicepassDeals([{ eligibility_company_stage: ["Seed", "Series A"] }]);
  const member = await createTestMember(scope, { eligibility: { funding: ["VC-backed"] } });
  return { p, scope, member, dealId: ids[slugs[0]] };
}

const reload = (id: string) => db.member.findUniqueOrThrow({ where: { id } });

describe("member profile", () => {
  it("a locked deal names the missing answer; answering it unlocks the deal and marks it self-reported", async () => {
    const { scope, member, dealId } = await setup();
    const locked = await getHostedDeal({ scope, member }, dealId);
    expect(locked?.lock).toMatchObject({ code: "eligibility:company_stage", required: ["Seed", "Series A"], held: [] });
    expect(dimensionOfLock(locked!.lock!.code)).toBe("company_stage");
    // Said like a person: who the deal is for, and what to add (the member has no stage at all).
    expect(lockText(locked!.lock!)).toBe("Available to companies at Seed or Series A stage — add your company stage to your profile.");

    const profile = await getMemberProfile(scope, member);
    expect(profile.find((f) => f.dimension === "company_stage")).toMatchObject({ editable: true, values: [], selfReported: false });
    // The partner supplied funding: read-only to the member.
    expect(profile.find((f) => f.dimension === "funding")).toMatchObject({ editable: false, values: ["VC-backed"] });
    await expect(saveMemberProfile(scope, member, { funding: ["Bootstrapped"] })).rejects.toMatchObject({ code: "forbidden" });
    await expect(saveMemberProfile(scope, member, { company_stage: ["Unicorn"] })).rejects.toMatchObject({ code: "parameter_invalid", param: "company_stage" });
    await expect(saveMemberProfile(scope, member, { geography: ["XX"] })).rejects.toMatchObject({ code: "parameter_invalid", param: "geography" });

    const saved = await saveMemberProfile(scope, member, { company_stage: ["Seed"], geography: ["de"] });
    expect(saved.eligibilityCompanyStage).toEqual(["Seed"]);
    expect(saved.eligibilityGeography).toEqual(["DE"]);
    expect(saved.selfReportedDimensions.sort()).toEqual(["company_stage", "geography"]);
    expect((await getHostedDeal({ scope, member: saved }, dealId))?.lock).toBeNull();

    // Still the member's to change (self-reported), until the partner sets it.
    expect((await getMemberProfile(scope, saved)).find((f) => f.dimension === "company_stage")?.editable).toBe(true);
    await updateMember(scope, { id: member.id }, { eligibility: { company_stage: ["Series B"] } });
    const after = await reload(member.id);
    expect(after.selfReportedDimensions).toEqual(["geography"]);
    expect((await getMemberProfile(scope, after)).find((f) => f.dimension === "company_stage")).toMatchObject({ editable: false, values: ["Series B"] });
  });

  it("the partner chooses the questions in settings; others are refused", async () => {
    const { p, scope, member } = await setup();
    expect((await p.live.settings.memberProfile()).member_editable_dimensions).toContain("company_stage");
    expect(await p.live.settings.setMemberProfile({ member_editable_dimensions: ["regions", "company_size"] })).toEqual({ member_editable_dimensions: ["company_size", "regions"] });
    expect((await trpcError(p.live.settings.setMemberProfile({ member_editable_dimensions: ["tier" as never] }))).code).toBe("BAD_REQUEST");
    const profile = await getMemberProfile(scope, member);
    expect(profile.filter((f) => f.editable).map((f) => f.dimension)).toEqual(["company_size", "regions"]);
    await expect(saveMemberProfile(scope, member, { company_stage: ["Seed"] })).rejects.toMatchObject({ code: "forbidden" });
    const saved = await saveMemberProfile(scope, member, { regions: ["Europe"], company_size: ["1-10"] });
    expect(saved.eligibilityCompanySize).toEqual(["1-10"]);
    expect(saved.selfReportedDimensions.sort()).toEqual(["company_size", "regions"]);
  });

  it("one save of the whole form marks only the answers that changed as the member's (issue 44)", async () => {
    const { scope, member } = await setup();
    const profile = await getMemberProfile(scope, member);
    const editable = profile.filter((f) => f.editable);
    expect(editable.length).toBeGreaterThan(2);
    // The form posts every question it shows, with its current values (none for a question nobody
    // answered: issue 53.8); one of them is answered.
    const answers = Object.fromEntries(editable.map((f) => [f.dimension, f.dimension === "company_stage" ? ["Seed"] : f.answered ? f.values : []]));
    const saved = await saveMemberProfile(scope, member, answers);
    expect(saved.eligibilityCompanyStage).toEqual(["Seed"]);
    expect(saved.selfReportedDimensions).toEqual(["company_stage"]);
    // Saving the same answers again changes nothing: still only the one the member gave.
    const again = await saveMemberProfile(scope, saved, { ...answers, company_stage: ["Seed"] });
    expect(again.selfReportedDimensions).toEqual(["company_stage"]);
  });
});
