import type { PartnerCreateInput } from "@/server/schemas/partner.schema";

export type DemoPartnerSpec = {
  partner: PartnerCreateInput & { subdomain: string };
  adminEmail: string;
  adminName: string;
  /** members created in the sandbox (test) and live environments */
  members: { test: number; live: number };
};

export const DEMO_PARTNERS: DemoPartnerSpec[] = [
  {
    partner: {
      name: "Northstar Ventures",
      type: "VC fund",
      regions: ["North America", "Europe"],
      subdomain: "northstar",
      delivery_method: "hosted",
      freemium_enabled: true,
      upgrade_url: "https://northstar.example/membership",
      branding: { primary_color: "#1d3557", accent_color: "#e63946", headline: "Perks for Northstar founders", welcome_text: "Credits and discounts negotiated for our portfolio." },
    },
    adminEmail: "admin@northstar.example",
    adminName: "Maya Chen",
    members: { test: 40, live: 12 },
  },
  {
    partner: {
      name: "Launchpad Accelerator",
      type: "Accelerator",
      regions: ["Europe"],
      subdomain: "launchpad",
      delivery_method: "iframe",
      allowed_iframe_origins: ["http://localhost:3000", "https://launchpad.example"],
      branding: { primary_color: "#f77f00", accent_color: "#003049", headline: "Launchpad cohort perks" },
    },
    adminEmail: "admin@launchpad.example",
    adminName: "Jonas Weber",
    members: { test: 25, live: 8 },
  },
  {
    partner: {
      name: "Cedar University Founders Lab",
      type: "University",
      regions: ["Asia", "Oceania"],
      subdomain: "cedar",
      delivery_method: "api",
      branding: { primary_color: "#2a9d8f", accent_color: "#264653", headline: "Founders Lab deals for students" },
    },
    adminEmail: "admin@cedar.example",
    adminName: "Priya Raman",
    members: { test: 20, live: 5 },
  },
];
