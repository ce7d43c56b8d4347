// /catalogue — super admin: the servicepass catalogue (search, filters), import and export.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CatalogueClient } from "./_components/catalogue-client";

export const metadata: Metadata = { title: "Catalogue" };

export default async function CataloguePage() {
  const session = await requireAdminSession();
  if (session.actor.role !== "super_admin") notFound();
  return <CatalogueClient />;
}
