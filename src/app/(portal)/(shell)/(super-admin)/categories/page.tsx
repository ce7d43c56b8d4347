// /categories — super admin: create, rename, order and merge deal categories.
import type { Metadata } from "next";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { CategoriesClient } from "./_components/categories-client";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  await requireAdminSession(); // the role: the (super-admin) layout
  return <CategoriesClient />;
}
