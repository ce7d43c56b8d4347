"use client";
// The freemium upgrade call to action: a link to the partner's upgrade page (new tab) that records
// upgrade_cta_clicked first.
import type { ReactNode } from "react";

import type { Track } from "./track";

// Words and icon come from the server: no next-intl or icon runtime in the deal list's JavaScript.
type Props = { href: string; track: Track; dealId?: string; className: string; label: string; newTabLabel: string; icon: ReactNode };

export function UpgradeCta({ href, track, dealId, className, label, newTabLabel, icon }: Props) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className} onClick={() => void track({ type: "upgrade_cta_clicked", dealId }).catch(() => undefined)}>
      {icon}
      {label}
      <span className="sr-only"> {newTabLabel}</span>
    </a>
  );
}
