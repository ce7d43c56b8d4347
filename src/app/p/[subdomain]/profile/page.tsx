// /profile: the member completes their own eligibility profile (docs/hosted-app.md). The questions the
// partner leaves to members are editable; answers the partner supplied are shown read-only.
// ?need=<dimension>&back=<deal id>: a locked deal sent the member here for that answer.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeft } from "lucide-react";
import { ProfileForm, type ProfileQuestion } from "@/components/hosted/profile-form";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { hostedUi } from "@/components/hosted/styles";
import { isUuid } from "@/server/domain/ids";
import { PROFILE_LABELS, profileVocabulary } from "@/server/domain/member-profile";
import { getMemberProfile } from "@/server/services/members";
import { saveProfile } from "../actions";
import { getSurface, loadMember, loadPartner } from "../_lib/member-context";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<{ need?: string; back?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  return { title: { absolute: partner ? `Your profile · ${partner.name} perks` : "Page not found" }, robots: { index: false, follow: false } };
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const { need, back } = await searchParams;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [{ base }, member] = await Promise.all([getSurface(subdomain), loadMember(partner)]);
  if (!member) return <SignInPrompt title="Sign in to complete your profile" partnerName={partner.name} />;
  const fields = await getMemberProfile(member.scope, member.member);
  const editable: ProfileQuestion[] = fields
    .filter((f) => f.editable)
    .map((f) => ({ dimension: f.dimension, label: PROFILE_LABELS[f.dimension], choices: profileVocabulary(f.dimension), values: f.values, needed: f.dimension === need }))
    // The answer a deal sent the member for comes first.
    .sort((a, b) => Number(b.needed) - Number(a.needed));
  const fixed = fields.filter((f) => !f.editable && f.values.length);
  const backHref = typeof back === "string" && isUuid(back) ? `${base}/deals/${back}` : null;
  const card = "rounded-xl border bg-card p-5 text-card-foreground shadow-xs";

  return (
    <div className="space-y-6">
      <a href={backHref ?? (base || "/")} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {backHref ? "Back to the deal" : "All deals"}
      </a>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Your profile</h1>
        <p className="mt-1 text-muted-foreground">Some deals are for certain companies only. Your answers decide which ones {partner.name} can open for you.</p>
      </div>
      <section aria-labelledby="answers-heading" className={card}>
        <h2 id="answers-heading" className="mb-4 text-lg font-semibold text-foreground">Your answers</h2>
        {editable.length ? (
          <ProfileForm questions={editable} save={saveProfile} backHref={backHref} ui={hostedUi} />
        ) : (
          <p className="text-sm text-muted-foreground">{partner.name} keeps your profile up to date for you: there is nothing to answer here.</p>
        )}
      </section>
      {fixed.length ? (
        <section aria-labelledby="fixed-heading" className={card}>
          <h2 id="fixed-heading" className="text-lg font-semibold text-foreground">Set by {partner.name}</h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {fixed.map((f) => (
              <div key={f.dimension} className="contents">
                <dt className="text-muted-foreground">{PROFILE_LABELS[f.dimension]}</dt>
                <dd className="text-foreground [overflow-wrap:anywhere]">{f.values.join(", ")}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
    </div>
  );
}
