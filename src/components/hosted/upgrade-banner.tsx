// The freemium banner of the deal list and the locked deals page: what premium unlocks, and the
// upgrade call to action (new tab, records upgrade_cta_clicked).
import type { ReactNode } from "react";
import { getTranslations } from "next-intl/server";
import { SparklesIcon } from "./icons";
import { hostedUi } from "./styles";
import type { Track } from "./track";
import { UpgradeCta } from "./upgrade-cta";

export async function UpgradeBanner({ upgradeUrl, track, children }: { upgradeUrl: string; track: Track; children: ReactNode }) {
  const [t, td] = await Promise.all([getTranslations("upgrade"), getTranslations("deal")]);
  return (
    <section aria-label={t("regionLabel")} className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-accent p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-accent-foreground">{children}</p>
      <UpgradeCta
        href={upgradeUrl}
        track={track}
        className={hostedUi.primary}
        label={td("upgradeToUnlock")}
        newTabLabel={td("opensInNewTab")}
        icon={<SparklesIcon className="h-4 w-4" />}
      />
    </section>
  );
}
