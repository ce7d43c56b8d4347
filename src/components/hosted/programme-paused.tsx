// What a deactivated partner's members see on every page of its hosted app and widget: the
// programme is paused (not "we couldn't find this page"), and who to ask.
import { useTranslations } from "next-intl";

export function ProgrammePaused({ partnerName }: { partnerName: string }) {
  const t = useTranslations("paused");
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="programme-paused">
      <h1 className="text-2xl font-bold text-foreground">{t("title", { partner: partnerName })}</h1>
      <p className="mt-3 text-muted-foreground">
        {t("text", { partner: partnerName })}
      </p>
    </section>
  );
}
