"use client";
// The freemium upgrade call to action: a link to the partner's upgrade page (new tab) that records
// upgrade_cta_clicked first.
import { Sparkles } from "lucide-react";
import { useTranslations } from "next-intl";

import type { Track } from "./track";

export function UpgradeCta({ href, track, dealId, className, label }: { href: string; track: Track; dealId?: string; className: string; label?: string }) {
  const t = useTranslations("deal");
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={() => void track({ type: "upgrade_cta_clicked", dealId }).catch(() => undefined)}>
      <Sparkles aria-hidden="true" className="h-4 w-4" />
      {label ?? t("upgradeToUnlock")}
      <span className="sr-only"> {t("opensInNewTab")}</span>
    </a>
  );
}
