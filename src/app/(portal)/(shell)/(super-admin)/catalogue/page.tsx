// /catalogue — super admin: the servicepass catalogue (search, filters), import and export.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CatalogueClient } from "./_components/catalogue-client";

export const metadata: Metadata = { title: "Catalogue" };

export default async function CataloguePage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <CatalogueClient />;
}
