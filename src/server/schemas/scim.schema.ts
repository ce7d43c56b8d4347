// SCIM 2.0 (contract section 20, docs/scim.md): the schema URNs, the member fields only a directory
// writes, and the value schemas the SCIM adapter validates a User's attributes with. The wire shapes
// themselves are SCIM's (RFC 7643), translated to members by src/server/scim.
import { z } from "zod";
import { isStorableText, UNSTORABLE_MESSAGE } from "./storable-text";

export const SCIM_USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const SCIM_ENTERPRISE_SCHEMA = "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User";
export const SCIM_PERKWAY_SCHEMA = "urn:perkway:params:scim:schemas:extension:member:2.0:User";
export const SCIM_ERROR_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:Error";
export const SCIM_LIST_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:ListResponse";
export const SCIM_PATCH_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

/** The most resources one GET /Users page returns (ServiceProviderConfig's filter.maxResults). */
export const SCIM_MAX_RESULTS = 200;

/** What only a directory sets on a member (the /v1 API shows `active` and writes none of these). */
export type DirectoryProfile = {
  active?: boolean;
  /** the directory's userName when it is not an email (trimmed, lower-cased); null: userName is the email */
  directory_user_name?: string | null;
  given_name?: string | null;
  family_name?: string | null;
  formatted_name?: string | null;
  display_name?: string | null;
};

/** A short string attribute (names, userName, externalId): storable, at most `max` characters. */
export function scimStringSchema(max: number) {
  return z
    .string({ error: "must be a string" })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isStorableText, { error: UNSTORABLE_MESSAGE });
}
