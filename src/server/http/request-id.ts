import { randomBytes } from "node:crypto";

// Always minted here: a client-sent X-Request-Id is not trusted (docs/api.md, Conventions).
export function newRequestId(): string {
  return "req_" + randomBytes(12).toString("base64url");
}
