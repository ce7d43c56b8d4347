// /provider/account — a provider user's own page (contract sections 17 and 18, issue 42): two-factor
// authentication, sessions and password, the same cards as the partner portal's /account. Reachable
// while a required 2FA setup (PROVIDER_REQUIRE_2FA=1) is pending: the other provider pages send them here.
import type { Metadata } from "next";
import { PageHeader } from "@/components/portal/page-header";
import { requireProviderSession } from "@/server/auth/get-admin-session";
import { SessionsCard } from "../../(shell)/account/_components/sessions-card";
import { TwoFactorCard } from "../../(shell)/account/_components/two-factor-card";
import { ChangePasswordCard } from "../../(shell)/team/_components/change-password-card";

export const metadata: Metadata = { title: "Your account" };

export default async function ProviderAccountPage() {
  const { email, twoFactorSetupRequired } = await requireProviderSession({ allowTwoFactorSetup: true });
  return (
    <>
      <PageHeader title="Your account" description={`Signed in as ${email}. Your second factor, where you are signed in, and your password.`} />
      <div className="flex flex-col gap-8">
        <TwoFactorCard setupRequired={twoFactorSetupRequired === true} />
        <SessionsCard />
        {twoFactorSetupRequired ? null : <ChangePasswordCard email={email} />}
      </div>
    </>
  );
}
