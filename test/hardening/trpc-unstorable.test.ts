// The portal's tRPC inputs get the same storable-text check as /v1: a 400 naming the field.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createTRPCRouter, publicProcedure } from "@/server/trpc/init";

const router = createTRPCRouter({
  echo: publicProcedure.input(z.object({ name: z.string(), tags: z.array(z.string()) })).mutation(({ input }) => input),
});

async function call(body: string) {
  const req = new Request("http://localhost/api/trpc/echo", { method: "POST", headers: { "content-type": "application/json" }, body });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router, createContext: () => ({ admin: null, headers: req.headers }), onError: () => {} });
  return { status: res.status, json: await res.json() };
}

describe("tRPC inputs with NUL or unpaired surrogates", () => {
  it("are refused with parameter_invalid and the field's path", async () => {
    const nul = await call(`{"name":"a\\u0000b","tags":[]}`);
    expect(nul.status).toBe(400);
    expect(nul.json.error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "parameter_invalid", param: "name" });
    const lone = await call(`{"name":"ok","tags":["x","\\ud800"]}`);
    expect(lone.json.error.data).toMatchObject({ appCode: "parameter_invalid", param: "tags[1]" });
  });

  it("clean input passes", async () => {
    const ok = await call(`{"name":"Ünïcødé 😀","tags":["a"]}`);
    expect(ok.status).toBe(200);
    expect(ok.json.result.data).toEqual({ name: "Ünïcødé 😀", tags: ["a"] });
  });
});
