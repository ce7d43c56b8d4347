// What a route does not read is still input (contract section 1): a route without a query schema
// takes no query parameter and a route without a body takes none (or `{}`): a parameter is an
// unknown_parameter, and NUL or an unpaired surrogate is a parameter_invalid first, as everywhere else. Routes with a schema check their own query and body.
import { z } from "zod";
import type { CompiledRoute } from "@/server/http/api-route";
import { parseWith } from "@/server/errors/parse-with";
import { readOptionalJsonBody } from "@/server/http/read-json-body";
import { refuseBadPercentEncoding } from "@/server/http/read-query";
import { storableInputSchema } from "@/server/schemas/storable-text";

const noFields = z.object({}).strict();

/** Throws for a query it refuses; a promise only when there is a body to read (else undefined). */
export function refuseUnreadInput(route: CompiledRoute, request: Request, url: URL): Promise<void> | undefined {
  if (!route.docs.query && url.search) {
    refuseBadPercentEncoding(url);
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    parseWith(storableInputSchema, query);
    // Typos are loud (contract section 1), in the query of a route that reads none too.
    parseWith(noFields, query);
  }
  if (!route.docs.body && request.method !== "GET" && request.method !== "HEAD") return readOptionalJsonBody(request, noFields).then(() => undefined);
  return undefined;
}
