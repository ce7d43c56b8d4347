"use client";
// The settings form: react-hook-form checked with partnerSettingsSchema, flat form values mapped to
// that input by toInput (settings-values.ts; state and save: use-settings-form.ts). Server refusals
// (a taken subdomain or domain, …) land next to their field through the error's param. Save is
// enabled only with unsaved changes; the bar (StickySaveBar) keeps toasts off itself.
import { Undo2 } from "lucide-react";
import { StickySaveBar } from "@/components/portal/sticky-save-bar";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { AccessCards } from "./access-cards";
import { EmbeddingCard } from "./embedding-card";
import { HostedAppCard } from "./hosted-app-card";
import { LanguagesCard } from "./languages-card";
import { PartnerCard } from "./partner-card";
import { MemberProfileCard } from "./member-profile-form";
import type { Settings } from "./settings-values";
import { useSettingsForm } from "./use-settings-form";

export function SettingsForm({ initial, profileDimensions, readOnly }: { initial: Settings; profileDimensions: readonly string[]; readOnly: boolean }) {
  const state = useSettingsForm(initial, profileDimensions);
  const { form, onSubmit, discard } = state;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="flex flex-col gap-6" aria-label="Partner settings">
        <fieldset disabled={readOnly || form.formState.isSubmitting} className="flex min-w-0 flex-col gap-6">
          {readOnly ? (
            <p role="status" className="rounded-md border bg-muted px-4 py-3 text-sm">
              You are viewing this partner read-only: the fields are shown as saved and cannot be changed here.
            </p>
          ) : null}

          <PartnerCard state={state} />

          <HostedAppCard state={state} />

          <LanguagesCard state={state} />

          <AccessCards state={state} />

          <EmbeddingCard state={state} />

          <MemberProfileCard control={form.control} />
        </fieldset>

        {readOnly ? null : (
          <StickySaveBar status={form.formState.isDirty ? "You have unsaved changes." : "All changes saved."}>
            <Button type="button" variant="ghost" disabled={!form.formState.isDirty || form.formState.isSubmitting} onClick={discard} aria-label="Discard changes">
              <Undo2 className="sm:hidden" aria-hidden="true" />
              <span className="hidden sm:inline">Discard changes</span>
            </Button>
            <Button type="submit" disabled={!form.formState.isDirty || form.formState.isSubmitting}>
              {form.formState.isSubmitting ? "Saving…" : "Save settings"}
            </Button>
          </StickySaveBar>
        )}
      </form>
    </Form>
  );
}
