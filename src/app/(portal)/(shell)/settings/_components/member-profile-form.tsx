"use client";
// Settings → "Members complete their profile": which eligibility questions members may answer in the
// hosted app (docs/hosted-app.md). Answers the partner supplies (over /v1, the portal or an import) stay
// read-only to members whatever is ticked here. Part of the settings form: the one save bar saves it
// (issue 44), through settings.setMemberProfile.
import type { Control } from "react-hook-form";
import { CheckboxGroupField } from "@/components/portal/form-fields";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PROFILE_DIMENSIONS, PROFILE_LABELS } from "@/server/domain/member-profile";
import type { Values } from "./settings-values";

export function MemberProfileCard({ control }: { control: Control<Values> }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Members complete their profile</CardTitle>
        <CardDescription>
          Members can answer these questions themselves in your deal app, so deals with eligibility requirements open for those who qualify. A locked deal tells the member which answer it needs.
          Answers you supply yourself stay read-only to members.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <CheckboxGroupField
          control={control}
          name="profile_dimensions"
          label="Members may answer"
          options={PROFILE_DIMENSIONS.map((d) => ({ value: d, label: PROFILE_LABELS[d] }))}
          gridClassName="grid-cols-1 sm:grid-cols-3"
        />
      </CardContent>
    </Card>
  );
}
