// /categories — super admin: create, rename, order and merge deal categories.
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CategoriesClient } from "./_components/categories-client";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  const session = await requireAdminSession();
  if (session.actor.role !== "super_admin") notFound();
  return <CategoriesClient />;
}
