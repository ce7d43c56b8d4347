// account.* — the signed-in admin's own page (/account): two-factor authentication and sessions.
// Any signed-in portal user, any role, provider users included (the permission table's "self";
// issue 42: providers sign in with password + 2FA like partner admins); reachable while a required 2FA setup is
// pending (their meta's `twoFactorSetup`), so an admin can always get out of that state.
import QRCode from "qrcode";
import { z } from "zod";
import { SignInThrottle, SignInThrottledError, signInClientIp } from "@/server/auth/sign-in-throttle";
import { setting } from "@/server/config/env";
import { AppError } from "@/server/errors/app-error";
import {
  accountOverviewSchema,
  adminSessionSchema,
  recoveryCodesOutputSchema,
  sessionIdInputSchema,
  twoFactorCodeInputSchema,
  twoFactorSetupOutputSchema,
} from "@/server/schemas/account.schema";
import {
  confirmTwoFactorSetup,
  disableTwoFactor,
  endOtherSessions,
  endOwnSession,
  getTwoFactorStatus,
  listAdminSessions,
  regenerateRecoveryCodes,
  startTwoFactorSetup,
} from "@/server/services/admins";
import { createTRPCRouter, signedInProcedure } from "../init";

let codeCheckThrottle: SignInThrottle | null = null;

/**
 * A code typed on /account (turning 2FA off, new recovery codes) is a guess like a sign-in code:
 * throttled per admin and per IP in the sign-in throttle's store, only failures charged.
 */
async function throttledCodeCheck<T>(ctx: { actor: { adminId: string }; headers: Headers }, run: () => Promise<T>): Promise<T> {
  const attempt = { email: `admin:${ctx.actor.adminId}`, ip: signInClientIp(Object.fromEntries(ctx.headers)) };
  codeCheckThrottle ??= new SignInThrottle(undefined, undefined, "two-factor-check");
  try {
    await codeCheckThrottle.check(attempt);
  } catch (err) {
    if (err instanceof SignInThrottledError) throw new AppError("rate_limited", "Too many wrong codes. Wait 15 minutes and try again.");
    throw err;
  }
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === "two_factor_code_invalid") await codeCheckThrottle.recordFailure(attempt);
    throw err;
  }
}

export const accountRouter = createTRPCRouter({
  overview: signedInProcedure.meta({ permission: "self", twoFactorSetup: true }).output(accountOverviewSchema).query(async ({ ctx }) => ({
    email: ctx.admin.email,
    role: ctx.actor.role,
    team_role: ctx.teamRole,
    two_factor: await getTwoFactorStatus(ctx.actor),
    two_factor_required: ctx.admin.twoFactorRequired === true,
    two_factor_setup_required: ctx.admin.twoFactorSetupRequired === true,
  })),

  /** A new secret: its otpauth URI as text and as a QR code (SVG) for the authenticator app. */
  startTwoFactorSetup: signedInProcedure.meta({ permission: "self", twoFactorSetup: true }).output(twoFactorSetupOutputSchema).mutation(async ({ ctx }) => {
    const setup = await startTwoFactorSetup(ctx.actor);
    const qr_svg = await QRCode.toString(setup.otpauth_uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
    return { ...setup, qr_svg };
  }),

  /** The first code turns 2FA on: 10 recovery codes, shown this once; other sessions end. */
  confirmTwoFactorSetup: signedInProcedure.meta({ permission: "self", twoFactorSetup: true })
    .input(twoFactorCodeInputSchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) =>
      throttledCodeCheck(ctx, () => confirmTwoFactorSetup(ctx.actor, input.code, { actorEmail: ctx.admin.email, keepSessionId: ctx.admin.sessionId ?? null })),
    ),

  disableTwoFactor: signedInProcedure.meta({ permission: "self" })
    .input(twoFactorCodeInputSchema)
    .output(z.object({ enabled: z.literal(false) }))
    .mutation(({ ctx, input }) =>
      throttledCodeCheck(ctx, () =>
        disableTwoFactor(ctx.actor, input.code, { actorEmail: ctx.admin.email, keepSessionId: ctx.admin.sessionId ?? null, superAdminRequire2fa: setting("superAdminRequire2fa"), providerRequire2fa: setting("providerRequire2fa") }),
      ),
    ),

  regenerateRecoveryCodes: signedInProcedure.meta({ permission: "self" })
    .input(twoFactorCodeInputSchema)
    .output(recoveryCodesOutputSchema)
    .mutation(({ ctx, input }) => throttledCodeCheck(ctx, () => regenerateRecoveryCodes(ctx.actor, input.code, { actorEmail: ctx.admin.email }))),

  sessions: signedInProcedure.meta({ permission: "self", twoFactorSetup: true }).output(z.array(adminSessionSchema)).query(({ ctx }) => listAdminSessions(ctx.actor, ctx.admin.sessionId ?? null)),

  endSession: signedInProcedure.meta({ permission: "self", twoFactorSetup: true })
    .input(sessionIdInputSchema)
    .output(z.object({ id: z.string(), ended: z.literal(true) }))
    .mutation(({ ctx, input }) => endOwnSession(ctx.actor, input.id, ctx.admin.email)),

  endOtherSessions: signedInProcedure.meta({ permission: "self", twoFactorSetup: true })
    .output(z.object({ ended: z.int() }))
    .mutation(({ ctx }) => endOtherSessions(ctx.actor, ctx.admin.sessionId ?? null, ctx.admin.email)),
});
