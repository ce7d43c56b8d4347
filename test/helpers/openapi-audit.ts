// Every API response the test suite sees must match the OpenAPI document (/v1/openapi.json): this
// wraps fetch in each test worker, checks each /v1 and /events/track response with
// openApiProblems(), and fails the test that saw a mismatch. Installed by test/setup-env.ts.
// Not checked: requests with no operation in the document (unknown routes, wrong methods, OPTIONS:
// their 404/405/204 or 429 are the plumbing's) and the probe routes tests add (/_test/, /_bench/).
// OPENAPI_AUDIT=0 turns it off.
import { expect } from "vitest";

const problems: string[] = [];
let installed = false;

/** Wraps fetch once per worker (test files share it); null when OPENAPI_AUDIT=0. The caller checks
 *  after each test that no response it saw broke the document. */
export function installOpenApiAudit(): { expectNoProblems: () => void } | null {
  if (process.env.OPENAPI_AUDIT === "0") return null;
  problems.length = 0; // a new file: nothing of the previous file's carries over
  if (!installed) {
    installed = true;
    const original = globalThis.fetch;
    globalThis.fetch = async function auditedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
      const response = await original(input, init);
      try {
        await audit(input, init, response);
      } catch (err) {
        problems.push(`openapi audit failed: ${(err as Error).message}`);
      }
      return response;
    };
  }
  return {
    expectNoProblems: () => {
      const seen = problems.splice(0);
      expect(seen, "responses that do not match /v1/openapi.json (test/helpers/openapi-audit.ts)").toEqual([]);
    },
  };
}

async function audit(input: RequestInfo | URL, init: RequestInit | undefined, response: Response) {
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (!/^(127\.0\.0\.1|localhost)$/.test(url.hostname)) return;
  if (!(url.pathname.startsWith("/v1") || url.pathname.startsWith("/events/track"))) return;
  if (/\/_(test|bench)\//.test(url.pathname)) return;
  const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
  const { hasOperation, openApiProblems } = await import("./openapi-validate");
  if (!hasOperation(method, url.pathname)) return;
  const text = await response.clone().text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = text;
  }
  problems.push(...openApiProblems(method, url.pathname + url.search, { status: response.status, body, headers: response.headers }));
}
