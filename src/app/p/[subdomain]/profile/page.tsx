// /profile: the member completes their own eligibility profile (docs/hosted-app.md). The questions the
// partner leaves to members are editable; answers the partner supplied are shown read-only.
// ?need=<dimension>&back=<deal id>: a locked deal sent the member here for that answer.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ArrowLeftIcon } from "@/components/hosted/icons";
import { ProfileForm, type ProfileQuestion } from "@/components/hosted/profile-form";
import { SignInPrompt } from "@/components/hosted/sign-in-prompt";
import { hostedUi } from "@/components/hosted/styles";
import { isUuid } from "@perkway/server/domain/ids";
import { profileVocabulary } from "@perkway/server/domain/member-profile";
import { questionLabel, vocabLabel } from "@/components/hosted/lock-reasons";
import { getMemberProfile } from "@perkway/server/services/members";
import { saveProfile } from "../actions";
import { DigestEmailsSection } from "./_components/digest-emails-section";
import { getSurface, loadMember, loadPartner } from "@/server/auth/member-context";
import { getLocale, getMessages, getTranslations } from "next-intl/server";

type Props = { params: Promise<{ subdomain: string }>; searchParams: Promise<{ need?: string; back?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const partner = await loadPartner((await params).subdomain);
  const [t, tw, th] = await Promise.all([getTranslations("profile"), getTranslations("welcome"), getTranslations("home")]);
  return { title: { absolute: partner ? `${t("title")} · ${tw("title", { name: partner.name })}` : th("pageNotFound") }, robots: { index: false, follow: false } };
}

export default async function ProfilePage({ params, searchParams }: Props) {
  const { subdomain } = await params;
  const { need, back } = await searchParams;
  const partner = await loadPartner(subdomain);
  if (!partner) notFound();
  const [{ base }, member, t, td, tAll, locale] = await Promise.all([getSurface(subdomain), loadMember(partner), getTranslations("profile"), getTranslations("deal"), getTranslations(), getLocale()]);
  const tAnswers = await getTranslations("profileAnswers");
  if (!member) return <SignInPrompt title={t("signInToSee")} partnerName={partner.name} />;
  const fields = await getMemberProfile(member.scope, member.member);
  // Choices keep their stored value; the member reads them in their language.
  const label = (dimension: string, value: string) => vocabLabel(tAll, locale, dimension, value);
  const editable: ProfileQuestion[] = fields
    .filter((f) => f.editable)
    .map((f) => ({
      dimension: f.dimension,
      label: questionLabel(tAll, f.dimension),
      choices: profileVocabulary(f.dimension)?.map((value) => ({ value, label: label(f.dimension, value) })) ?? null,
      values: f.values,
      answered: f.answered,
      needed: f.dimension === need,
    }))
    // The answer a deal sent the member for comes first.
    .sort((a, b) => Number(b.needed) - Number(a.needed));
  // Only answers the partner gave: a question nobody answered holds section 5's default, not an answer.
  const fixed = fields.filter((f) => !f.editable && f.answered && f.values.length);
  const backHref = typeof back === "string" && isUuid(back) ? `${base}/deals/${back}` : null;
  const card = "rounded-xl border bg-card p-5 text-card-foreground shadow-xs";

  return (
    <div className="space-y-6">
      <a href={backHref ?? (base || "/")} className="inline-flex items-center gap-1 text-sm font-medium text-foreground underline-offset-2 hover:underline">
        <ArrowLeftIcon className="h-4 w-4 rtl:rotate-180" /> {backHref ? t("backToDeal") : td("allDeals")}
      </a>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">{t("title")}</h1>
        <p className="mt-1 text-muted-foreground">{t("intro", { partner: partner.name })}</p>
      </div>
      <section aria-labelledby="answers-heading" className={card}>
        <h2 id="answers-heading" className="mb-4 text-lg font-semibold text-foreground">{t("answers")}</h2>
        {editable.length ? (
          <ProfileForm questions={editable} save={saveProfile} backHref={backHref} ui={hostedUi} words={(await getMessages()).profile} notAnswered={tAnswers("notAnswered")} />
        ) : (
          <p className="text-sm text-muted-foreground">{t("nothingToAnswer", { partner: partner.name })}</p>
        )}
      </section>
      {fixed.length ? (
        <section aria-labelledby="fixed-heading" className={card}>
          <h2 id="fixed-heading" className="text-lg font-semibold text-foreground">{t("setBy", { partner: partner.name })}</h2>
          <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
            {fixed.map((f) => (
              <div key={f.dimension} className="contents">
                <dt className="text-muted-foreground">{questionLabel(tAll, f.dimension)}</dt>
                <dd className="text-foreground [overflow-wrap:anywhere]">{f.values.map((v) => label(f.dimension, v)).join(", ")}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <DigestEmailsSection member={member} partnerName={partner.name} />
    </div>
  );
}
