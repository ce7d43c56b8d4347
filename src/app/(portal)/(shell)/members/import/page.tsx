// /members/import — CSV import: upload, preview, map columns, validate every row with the
// POST /v1/users schema, import in chunks of 1,000 through the batch service, then a summary with
// the rows that failed (downloadable as CSV).
import type { Metadata } from "next";
import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "@/components/portal/page-header";
import { Button } from "@/components/ui/button";
import { requireAdminSession } from "@/server/auth/get-admin-session";
import { ImportClient } from "./_components/import-client";

export const metadata: Metadata = { title: "Import members" };

export default async function ImportMembersPage() {
  const { environment, readOnly } = await requireAdminSession();
  const env = environment === "test" ? "sandbox" : "live";
  return (
    <>
      <PageHeader
        title="Import members"
        description={`Add ${env} members from a CSV file: one member per row, with a header row. Existing emails are kept as they are.`}
        actions={
          <Button variant="outline" asChild>
            <Link href="/members">
              <ArrowLeft aria-hidden="true" /> Back to members
            </Link>
          </Button>
        }
      />
      <ImportClient environment={environment} readOnly={readOnly} />
    </>
  );
}
