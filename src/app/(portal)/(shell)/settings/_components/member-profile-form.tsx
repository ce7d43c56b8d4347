"use client";
// Settings → "Members complete their profile": which eligibility questions members may answer in the
// hosted app (docs/hosted-app.md). Answers the partner supplies (over /v1, the portal or an import) stay
// read-only to members whatever is ticked here.
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { CheckboxGroupField } from "@/components/portal/form-fields";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form } from "@/components/ui/form";
import { PROFILE_DIMENSIONS, PROFILE_LABELS, type ProfileDimension } from "@/server/domain/member-profile";
import { api } from "@/trpc/react";

type Values = { dimensions: ProfileDimension[] };

export function MemberProfileForm({ initial, readOnly }: { initial: string[]; readOnly: boolean }) {
  const utils = api.useUtils();
  const save = api.settings.setMemberProfile.useMutation();
  const form = useForm<Values>({ defaultValues: { dimensions: initial.filter((d): d is ProfileDimension => (PROFILE_DIMENSIONS as readonly string[]).includes(d)) } });
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle>Members complete their profile</CardTitle>
        <CardDescription>
          Members can answer these questions themselves in your deal app, so deals with eligibility requirements open for those who qualify. A locked deal tells the member which answer it needs.
          Answers you supply yourself stay read-only to members.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form
            className="flex flex-col gap-4"
            onSubmit={form.handleSubmit(async (v) => {
              try {
                await save.mutateAsync({ member_editable_dimensions: v.dimensions });
                await utils.settings.memberProfile.invalidate();
                toast.success("Saved the questions members may answer");
              } catch (error) {
                toast.error((error as Error).message);
              }
            })}
          >
            <CheckboxGroupField
              control={form.control}
              name="dimensions"
              label="Members may answer"
              options={PROFILE_DIMENSIONS.map((d) => ({ value: d, label: PROFILE_LABELS[d] }))}
              disabled={readOnly}
              gridClassName="grid-cols-1 sm:grid-cols-3"
            />
            {readOnly ? null : (
              <div>
                <Button type="submit" disabled={form.formState.isSubmitting}>
                  {form.formState.isSubmitting ? "Saving…" : "Save profile questions"}
                </Button>
              </div>
            )}
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
