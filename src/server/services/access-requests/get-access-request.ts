// GET /v1/access-requests/{id}.
import type { AccessRequestDto } from "@/server/schemas/access-request.schema";
import type { PartnerScope } from "@/server/scope";
import { findAccessRequestOrThrow, serializeAccessRequest } from "./access-request-scope";

export async function getAccessRequest(scope: PartnerScope, id: string): Promise<AccessRequestDto> {
  return serializeAccessRequest(await findAccessRequestOrThrow(scope, id));
}
