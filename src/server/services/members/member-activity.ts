// Activity entries of member changes made through the portal and the partner's directory (SCIM; the
// /v1 API passes no actor and records nothing, so its responses and timings stay as they were). Only small, non-secret fields:
// never a sign-in link.
import type { Member } from "@/generated/prisma/client";
import type { ActivityActor, ActivityEntry } from "@/server/services/activity";
import type { PartnerScope } from "@/server/scope";
import type { UserEventSource } from "@/server/schemas/webhook.schema";

/** `actor`: who the activity log names (the /v1 API passes none); `source`: the webhooks' data.source
 *  when the actor does not say it (a member's own sign-in). */
export type MemberActivityOpts = { actor?: ActivityActor; source?: UserEventSource };

/** data.source of the user.* webhooks: the directory's token → scim, an admin or the CLI → portal, none → api. */
export function sourceOf(opts: MemberActivityOpts): UserEventSource {
  if (opts.source) return opts.source;
  const type = opts.actor?.type;
  return type === "directory" ? "scim" : type === "admin" || type === "cli" ? "portal" : "api";
}

const envWord = (scope: PartnerScope) => (scope.environment === "test" ? "sandbox" : "live");

export function memberCreatedActivity(scope: PartnerScope, actor: ActivityActor, m: Member): ActivityEntry {
  return {
    actor,
    partnerId: scope.partnerId,
    environment: scope.environment,
    action: "member.created",
    target: { type: "member", id: m.id },
    summary: `Created the ${envWord(scope)} member ${m.email}`,
    changes: { after: { email: m.email, external_user_id: m.externalUserId, tier: m.tier } },
  };
}

export function membersImportedActivity(scope: PartnerScope, actor: ActivityActor, created: Member[], submitted: number): ActivityEntry {
  return {
    actor,
    partnerId: scope.partnerId,
    environment: scope.environment,
    action: "members.imported",
    target: null,
    summary: `Imported ${created.length} new ${envWord(scope)} member${created.length === 1 ? "" : "s"} (${submitted} row${submitted === 1 ? "" : "s"} sent)`,
    changes: { after: { created: created.length, submitted } },
  };
}

export function memberUpdatedActivity(scope: PartnerScope, actor: ActivityActor, before: Record<string, unknown>, after: Record<string, unknown>, id: string, email: string): ActivityEntry {
  return {
    actor,
    partnerId: scope.partnerId,
    environment: scope.environment,
    action: "member.updated",
    target: { type: "member", id },
    summary: `Updated the ${envWord(scope)} member ${email} (${Object.keys(after).join(", ")})`,
    changes: { before, after },
  };
}

export function memberDeletedActivity(scope: PartnerScope, actor: ActivityActor, m: Pick<Member, "id">): ActivityEntry {
  return {
    actor,
    partnerId: scope.partnerId,
    environment: scope.environment,
    action: "member.deleted",
    target: { type: "member", id: m.id },
    // The email is personal data the deletion erases: the log keeps the id only.
    summary: `Deleted a ${envWord(scope)} member (their events stay counted anonymously)`,
    changes: { before: { id: m.id } },
  };
}
