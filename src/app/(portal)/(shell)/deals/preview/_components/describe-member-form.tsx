"use client";
// Describe a member by hand: the profile fields visibility depends on, validated by the same
// schema the preview procedure takes (describedMemberSchema). Eligibility starts at the defaults
// of a member created without it (permissive customer type, size, incorporation; others empty).
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Form } from "@/components/ui/form";
import { AUDIENCE_REGIONS, ELIGIBILITY_VOCABULARIES, USER_TYPES } from "@/server/domain/enums";
import { describedMemberSchema, type DescribedMember } from "@/server/schemas/portal-deals.schema";
import { CheckboxGroupField, SelectField, TextField } from "@/components/portal/form-fields";
import { schemaResolver } from "@/components/portal/schema-resolver";

type Values = {
  tier: "free" | "premium";
  user_types: string[];
  regions: string[];
  customer_type: string[];
  company_size: string[];
  incorporation: string[];
  company_stage: string[];
  business_type: string[];
  funding: string[];
  geography: string;
};

const options = (xs: readonly string[]) => xs.map((v) => ({ value: v, label: v }));

export const DEFAULT_DESCRIBED: Values = {
  tier: "free",
  user_types: [],
  regions: [],
  customer_type: [...ELIGIBILITY_VOCABULARIES.customer_type],
  company_size: [...ELIGIBILITY_VOCABULARIES.company_size],
  incorporation: [...ELIGIBILITY_VOCABULARIES.incorporation],
  company_stage: [],
  business_type: [],
  funding: [],
  geography: "",
};

export function toProfile(v: Values): z.input<typeof describedMemberSchema> {
  return {
    tier: v.tier,
    user_types: v.user_types as DescribedMember["user_types"],
    regions: v.regions as DescribedMember["regions"],
    eligibility: {
      customer_type: v.customer_type as never,
      company_size: v.company_size as never,
      incorporation: v.incorporation as never,
      company_stage: v.company_stage as never,
      business_type: v.business_type as never,
      funding: v.funding as never,
      geography: v.geography
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    },
  };
}

/** Validated by describedMemberSchema (the preview procedure's own input schema). */
const resolver = schemaResolver<Values>(describedMemberSchema, toProfile, (path) => {
  const m = /^(?:eligibility\.)?(\w+)/.exec(path);
  return m ? m[1] : null;
});

export function DescribeMemberForm({ onPreview }: { onPreview: (profile: z.input<typeof describedMemberSchema>) => void }) {
  const form = useForm<Values>({ defaultValues: DEFAULT_DESCRIBED, resolver });
  const c = form.control;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit((v) => onPreview(toProfile(v)))} className="flex flex-col gap-4" aria-label="Describe a member">
        <div className="grid gap-x-6 gap-y-5 md:grid-cols-2 xl:grid-cols-3">
          <SelectField control={c} name="tier" label="Tier" options={[{ value: "free", label: "Free" }, { value: "premium", label: "Premium" }]} />
          <TextField control={c} name="geography" label="Geography (country codes)" placeholder="US, DE" description="ISO codes, comma-separated; empty: none." />
          <CheckboxGroupField control={c} name="regions" label="Regions" options={options(AUDIENCE_REGIONS)} description="None: the member is evaluated with your account's regions." />
          <CheckboxGroupField control={c} name="user_types" label="User types" options={options(USER_TYPES)} />
          <CheckboxGroupField control={c} name="customer_type" label="Customer type" options={options(ELIGIBILITY_VOCABULARIES.customer_type)} />
          <CheckboxGroupField control={c} name="company_size" label="Company size" options={options(ELIGIBILITY_VOCABULARIES.company_size)} />
          <CheckboxGroupField control={c} name="incorporation" label="Incorporation" options={options(ELIGIBILITY_VOCABULARIES.incorporation)} />
          <CheckboxGroupField control={c} name="company_stage" label="Company stage" options={options(ELIGIBILITY_VOCABULARIES.company_stage)} />
          <CheckboxGroupField control={c} name="business_type" label="Business type" options={options(ELIGIBILITY_VOCABULARIES.business_type)} />
          <CheckboxGroupField control={c} name="funding" label="Funding" options={options(ELIGIBILITY_VOCABULARIES.funding)} />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit">Preview this member</Button>
          <Button type="button" variant="outline" onClick={() => form.reset(DEFAULT_DESCRIBED)}>
            Reset to a default member
          </Button>
        </div>
      </form>
    </Form>
  );
}
