"use client";
// Deployment facts the portal's words depend on, given once by the shell layout: whether emails are
// sent (SMTP_URL) or only kept on the Mailbox page (issue 44: no "email sent" when none was).
import { createContext, useContext, type ReactNode } from "react";

type PortalSettings = { smtpConfigured: boolean };

const PortalSettingsContext = createContext<PortalSettings>({ smtpConfigured: true });

export function PortalSettingsProvider({ smtpConfigured, children }: PortalSettings & { children: ReactNode }) {
  return <PortalSettingsContext.Provider value={{ smtpConfigured }}>{children}</PortalSettingsContext.Provider>;
}

export function usePortalSettings(): PortalSettings {
  return useContext(PortalSettingsContext);
}
