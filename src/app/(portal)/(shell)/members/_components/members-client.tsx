"use client";
// The Members page: filters and search go to the server (members.list) and live in the URL
// (use-member-list.ts); the table pages by cursor (members-table.tsx); bulk actions on the
// selection: sign-in emails, CSV export, delete (member-selection-bar.tsx).
import { PageHeader } from "@/components/portal/page-header";
import { AddMemberButton, ImportCsvLink } from "./member-actions";
import { MemberFilters } from "./member-filters";
import { MemberSelectionBar } from "./member-selection-bar";
import { MembersTable } from "./members-table";
import { useMemberList } from "./use-member-list";

export function MembersClient({ environment, readOnly }: { environment: "live" | "test"; readOnly: boolean }) {
  const env = environment === "test" ? "sandbox" : "live";
  const state = useMemberList(env);
  return (
    <>
      <PageHeader
        title="Members"
        description={`The people who use your ${env} deal app.`}
        actions={
          readOnly ? null : (
            <>
              <ImportCsvLink />
              <AddMemberButton environment={environment} />
            </>
          )
        }
      />
      <MemberFilters state={state} />
      {state.selected.size > 0 && !readOnly ? <MemberSelectionBar state={state} env={env} /> : null}
      <MembersTable state={state} environment={environment} env={env} readOnly={readOnly} />
    </>
  );
}
