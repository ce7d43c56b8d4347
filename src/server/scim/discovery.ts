// SCIM discovery (RFC 7644 section 4, RFC 7643 sections 5-7): what Perkway supports, the User
// resource type and the schemas (core User, the enterprise extension, Perkway's member extension).
import { ELIGIBILITY_VOCABULARIES, USER_TIERS, USER_TYPES, AUDIENCE_REGIONS } from "@/server/domain/enums";
import { SCIM_ENTERPRISE_SCHEMA, SCIM_LIST_SCHEMA, SCIM_MAX_RESULTS, SCIM_PERKWAY_SCHEMA, SCIM_USER_SCHEMA } from "@/server/schemas/scim.schema";
import { EXTENSION_ELIGIBILITY } from "./user-extension";
import { createHash } from "node:crypto";

const SPC_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig";

/** These resources change only with a release of Perkway: when this SCIM service was introduced. */
const DISCOVERY_DATE = "2026-12-02T00:00:00.000Z";

/** meta of a discovery resource: a version that changes when its content does. */
function discoveryMeta<T extends Record<string, unknown>>(resource: T, resourceType: string, location: string): T & { meta: Record<string, string> } {
  // The same version whatever host the directory calls (the content, without this server's address).
  const content = JSON.stringify(resource).replaceAll(new URL(location).origin, "");
  const version = `W/"${createHash("sha256").update(content).digest("hex").slice(0, 16)}"`;
  return { ...resource, meta: { resourceType, created: DISCOVERY_DATE, lastModified: DISCOVERY_DATE, location, version } };
}
const RT_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:ResourceType";
const SCHEMA_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Schema";

export function serviceProviderConfig(base: string) {
  return discoveryMeta({
    schemas: [SPC_SCHEMA],
    documentationUri: `${new URL(base).origin}/docs/scim`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      { type: "oauthbearertoken", name: "Directory token", description: "Authorization: Bearer scim_live_… or scim_test_…, made in the portal: Settings → Directory sync", primary: true },
    ],
  }, "ServiceProviderConfig", `${base}/ServiceProviderConfig`);
}

function userResourceType(base: string) {
  return discoveryMeta({
    schemas: [RT_SCHEMA],
    id: "User",
    name: "User",
    endpoint: "/Users",
    description: "A member of the partner's programme",
    schema: SCIM_USER_SCHEMA,
    schemaExtensions: [
      { schema: SCIM_ENTERPRISE_SCHEMA, required: false },
      { schema: SCIM_PERKWAY_SCHEMA, required: false },
    ],
  }, "ResourceType", `${base}/ResourceTypes/User`);
}

export function resourceTypes(base: string, id: string | null) {
  const user = userResourceType(base);
  if (id !== null) return id.toLowerCase() === "user" ? user : null;
  return listOf([user]);
}

type Attr = Record<string, unknown>;
const attr = (name: string, type: string, more: Attr = {}): Attr => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: "readWrite",
  returned: "default",
  uniqueness: "none",
  ...more,
});
const str = (name: string, more: Attr = {}) => attr(name, "string", more);

function userSchema() {
  return {
    id: SCIM_USER_SCHEMA,
    name: "User",
    description: "User Account (a Perkway member)",
    attributes: [
      str("userName", { required: true, uniqueness: "server", description: "The member's email; another userName (not an email) is kept beside the primary email" }),
      attr("name", "complex", { subAttributes: [str("formatted"), str("familyName"), str("givenName")] }),
      str("displayName"),
      attr("active", "boolean", { description: "false: deactivated (no sign-in, no email, not counted); true brings them back" }),
      attr("emails", "complex", {
        multiValued: true,
        description: "The primary (or first) is the member's email when userName is not an email",
        subAttributes: [str("value"), str("type", { canonicalValues: ["work"] }), attr("primary", "boolean")],
      }),
      str("externalId", { caseExact: true, description: "The directory's id for the user (the member's external_user_id); unique per partner and environment" }),
      str("password", { mutability: "writeOnly", returned: "never", description: "Ignored: members sign in by link or single sign-on" }),
    ],
  };
}

function enterpriseSchema() {
  return {
    id: SCIM_ENTERPRISE_SCHEMA,
    name: "EnterpriseUser",
    description: "Accepted and ignored: Perkway keeps none of these attributes",
    attributes: [str("employeeNumber"), str("costCenter"), str("organization"), str("division"), str("department"), attr("manager", "complex", { subAttributes: [str("value"), str("displayName", { mutability: "readOnly" })] })],
  };
}

function perkwaySchema() {
  const list = (name: string, values: readonly string[]) => str(name, { multiValued: true, caseExact: true, canonicalValues: [...values] });
  return {
    id: SCIM_PERKWAY_SCHEMA,
    name: "PerkwayMember",
    description: "The member's tier, user types, regions and eligibility profile (the /v1 vocabularies, docs/api.md)",
    attributes: [
      str("tier", { caseExact: true, canonicalValues: [...USER_TIERS] }),
      list("userTypes", USER_TYPES),
      list("regions", AUDIENCE_REGIONS),
      attr("eligibility", "complex", {
        subAttributes: Object.entries(EXTENSION_ELIGIBILITY).map(([name, dimension]) =>
          dimension === "geography" ? list(name, []) : list(name, ELIGIBILITY_VOCABULARIES[dimension]),
        ),
      }),
    ],
  };
}

export function schemas(base: string, id: string | null) {
  const all = [userSchema(), enterpriseSchema(), perkwaySchema()].map((s) => discoveryMeta({ schemas: [SCHEMA_SCHEMA], ...s }, "Schema", `${base}/Schemas/${s.id}`));
  if (id !== null) return all.find((s) => s.id.toLowerCase() === id.toLowerCase()) ?? null;
  return listOf(all);
}

function listOf(resources: unknown[]) {
  return { schemas: [SCIM_LIST_SCHEMA], totalResults: resources.length, itemsPerPage: resources.length, startIndex: 1, Resources: resources };
}
