// tRPC errors over the real fetch adapter: thrown AppErrors, ZodErrors (tRPC's input parsing and a
// service's parse), Prisma unique violations and bugs get the same codes as on the HTTP API
// (toAppError), and a bug's message never reaches the client.
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Prisma } from "@/generated/prisma/client";
import { AppError } from "@/server/errors/app-error";
import { ERROR_CODES, TRPC_CODE_BY_STATUS, type ErrorCode } from "@/server/errors/error-codes";
import { adminProcedure, createTRPCRouter, publicProcedure } from "./init";

const router = createTRPCRouter({
  appError: publicProcedure.query(() => {
    throw new AppError("deal_not_found", "No deal with id x", { param: "id" });
  }),
  input: publicProcedure.input(z.object({ name: z.string(), tags: z.array(z.string()) }).strict()).mutation(() => "ok"),
  dealForm: publicProcedure.input(z.object({ product_name: z.string().min(1), tier: z.enum(["free", "premium"]) })).mutation(() => "ok"),
  goLive: publicProcedure.mutation(() => {
    throw new AppError("deal_incomplete", "The deal cannot go live yet: a unique_code deal needs at least one unclaimed code in its pool (POST /v1/partner-deals/{id}/codes) to go live", { param: "codes", errors: [{ param: "codes", message: "a unique_code deal needs at least one unclaimed code in its pool (POST /v1/partner-deals/{id}/codes) to go live" }] });
  }),
  serviceParse: publicProcedure.mutation(() => z.object({ email: z.email() }).strict().parse({ email: "nope", extra: 1 })),
  unique: publicProcedure.mutation(() => {
    throw new Prisma.PrismaClientKnownRequestError("Unique constraint failed on members_email_key", { code: "P2002", clientVersion: "x" });
  }),
  bug: publicProcedure.query(() => {
    throw new Error('relation "members" SELECT * FROM members');
  }),
  me: adminProcedure.query(() => "secret"),
  status: publicProcedure.input(z.object({ code: z.string() })).mutation(({ input }) => {
    throw new AppError(input.code as ErrorCode, `failed with ${input.code}`);
  }),
});

async function call(path: string, input?: unknown) {
  const isQuery = ["appError", "bug", "me"].includes(path);
  const url = `http://localhost/api/trpc/${path}${isQuery && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ""}`;
  const req = new Request(url, isQuery ? {} : { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input ?? null) });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router, createContext: () => ({ admin: null, headers: req.headers }), onError: () => {} });
  return { status: res.status, error: (await res.json()).error };
}

describe("tRPC error mapping", () => {
  it("an AppError keeps its status, code, message and param", async () => {
    const { status, error } = await call("appError");
    expect(status).toBe(404);
    expect(error.message).toBe("No deal with id x");
    expect(error.data).toMatchObject({ code: "NOT_FOUND", httpStatus: 404, appCode: "deal_not_found", param: "id", errors: null });
  });

  it("invalid input is a 400 with the HTTP API's codes and param paths", async () => {
    const unknown = await call("input", { name: "a", tags: [], extra: 1 });
    expect(unknown.status).toBe(400);
    expect(unknown.error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "unknown_parameter", param: "extra" });
    const missing = await call("input", { tags: [] });
    expect(missing.error.data).toMatchObject({ appCode: "parameter_missing", param: "name" });
    const invalid = await call("input", { name: "a", tags: [1, 2] });
    expect(invalid.error.data).toMatchObject({ appCode: "parameter_invalid", param: "tags[0]" });
    expect(invalid.error.data.errors.map((e: { param: string }) => e.param)).toEqual(["tags[0]", "tags[1]"]);
  });

  it("the portal reads problems in plain words: no zod defaults, no API paths (params and codes unchanged)", async () => {
    const form = await call("dealForm", { product_name: "", tier: "gold" });
    expect(form.error.data).toMatchObject({ appCode: "parameter_invalid", param: "product_name" });
    expect(form.error.message).toBe("Enter a product name");
    expect(form.error.data.errors).toEqual([
      { param: "product_name", message: "Enter a product name" },
      { param: "tier", message: "Choose free or premium" },
    ]);
    const missing = await call("input", { tags: [] });
    expect(missing.error.message).toBe("Enter a name");
    const goLive = await call("goLive");
    expect(goLive.error.data).toMatchObject({ appCode: "deal_incomplete", param: "codes" });
    expect(goLive.error.message).toBe("The deal cannot go live yet: add at least one unique code to the code pool before the deal goes live.");
    expect(goLive.error.data.errors).toEqual([{ param: "codes", message: "Add at least one unique code to the code pool before the deal goes live" }]);
    expect(goLive.error.message).not.toMatch(/\/v1|unique_code/);
  });

  it("a ZodError thrown by a service is a 400 too, not a 500", async () => {
    const { status, error } = await call("serviceParse");
    expect(status).toBe(400);
    expect(error.data).toMatchObject({ code: "BAD_REQUEST", appCode: "parameter_invalid", param: "email" });
    expect(error.data.errors).toHaveLength(2);
  });

  it("a Prisma unique violation is a 409 resource_conflict", async () => {
    const { status, error } = await call("unique");
    expect(status).toBe(409);
    expect(error.data).toMatchObject({ code: "CONFLICT", appCode: "resource_conflict" });
    expect(error.message).not.toMatch(/members_email_key/);
  });

  it("a bug is a 500 with a generic message and no code of ours", async () => {
    const { status, error } = await call("bug");
    expect(status).toBe(500);
    expect(error.message).toBe("Internal server error.");
    expect(JSON.stringify(error)).not.toMatch(/SELECT|relation/);
    expect(error.data).toMatchObject({ code: "INTERNAL_SERVER_ERROR", appCode: null });
  });

  it("admin procedures refuse a caller without a session", async () => {
    const { status, error } = await call("me");
    expect(status).toBe(401);
    expect(error.data).toMatchObject({ code: "UNAUTHORIZED", appCode: null });
  });

  it("every status of the error-code registry keeps its meaning through tRPC (405, 410, 413, 415, 503: not a 500)", async () => {
    for (const [code, info] of Object.entries(ERROR_CODES)) {
      const { status, error } = await call("status", { code });
      const expected = TRPC_CODE_BY_STATUS[info.status];
      expect(error.data.code, code).toBe(expected);
      expect(error.data.appCode, code).toBe(code);
      if (info.status !== 500) expect(status, code).not.toBe(500);
    }
    const expired = await call("status", { code: "magic_link_expired" });
    expect(expired.error.data).toMatchObject({ code: "NOT_FOUND", appCode: "magic_link_expired" });
    expect(expired.error.message).toBe("failed with magic_link_expired");
  });
});
