// Every superAdmin.* procedure refuses signed-out callers (UNAUTHORIZED) and partner admins
// (FORBIDDEN), and lets a super admin past the guard. The list of procedures is read from the router
// itself, so a procedure added without superAdminProcedure fails here.
import { beforeAll, describe, expect, it } from "vitest";
import { TRPCError } from "@trpc/server";
import { appRouter } from "@/server/trpc/routers/_app";
import { callerFor, seedPartnerAdmin, seedSuperAdmin, sessionOf } from "../super-admin/fixtures";

const procedures = Object.keys(appRouter._def.procedures)
  .filter((path) => path.startsWith("superAdmin."))
  .sort();

async function call(caller: ReturnType<typeof callerFor>, path: string): Promise<unknown> {
  let target: any = caller;
  for (const part of path.split(".")) target = target[part];
  return target({});
}

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    if (err instanceof TRPCError) return err.code;
    throw err;
  }
}

async function errorOf(promise: Promise<unknown>): Promise<TRPCError | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    if (err instanceof TRPCError) return err;
    throw err;
  }
}

let partnerAdmin: Awaited<ReturnType<typeof seedPartnerAdmin>>;
let superAdmin: Awaited<ReturnType<typeof seedSuperAdmin>>;
beforeAll(async () => {
  partnerAdmin = await seedPartnerAdmin();
  superAdmin = await seedSuperAdmin();
});

describe("superAdmin router authorization", () => {
  it("has the procedures of the super-admin pages", () => {
    // A sanity floor: enumeration found the router (an empty list would make the checks vacuous).
    expect(procedures).toEqual(expect.arrayContaining(["superAdmin.listPartners", "superAdmin.createPartner", "superAdmin.importCatalog", "superAdmin.mergeCategories", "superAdmin.activity"]));
  });

  it.each(procedures)("%s refuses signed-out callers with UNAUTHORIZED", async (path) => {
    expect(await codeOf(call(callerFor(null), path))).toBe("UNAUTHORIZED");
  });

  it.each(procedures)("%s refuses partner admins with FORBIDDEN, at the procedure's guard", async (path) => {
    const err = await errorOf(call(callerFor(sessionOf(partnerAdmin.actor, partnerAdmin.email)), path));
    expect(err?.code).toBe("FORBIDDEN");
    // superAdminProcedure's own refusal (the services refuse too, but the guard must not depend on them).
    expect(err?.message).toBe("This action requires a super admin.");
  });

  it.each(procedures)("%s lets a super admin past the guard", async (path) => {
    const code = await codeOf(call(callerFor(sessionOf(superAdmin.actor, superAdmin.email)), path));
    expect(code === null || code === "BAD_REQUEST").toBe(true);
  });
});
