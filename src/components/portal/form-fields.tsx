"use client";
// Small wrappers over the Form primitives for the portal's forms (many fields, one pattern).
import type { ComponentProps, ReactNode } from "react";
import type { Control, FieldPath, FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Switch } from "@/components/ui/switch";
import { Textarea } from "@/components/ui/textarea";
import { cn } from "@/lib/utils";

type Base<T extends FieldValues> = { control: Control<T>; name: FieldPath<T>; label: string; description?: ReactNode };

/** Attributes of the input itself (autoComplete, maxLength, spellCheck, className…); the form owns value and events. */
type InputAttributes = Omit<ComponentProps<"input">, "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "type" | "placeholder">;

export function TextField<T extends FieldValues>({ control, name, label, description, type = "text", placeholder, inputProps }: Base<T> & { type?: string; placeholder?: string; inputProps?: InputAttributes }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input type={type} placeholder={placeholder} {...inputProps} {...field} value={field.value ?? ""} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function TextAreaField<T extends FieldValues>({ control, name, label, description, rows = 3, maxLength, placeholder }: Base<T> & { rows?: number; maxLength?: number; placeholder?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Textarea rows={rows} maxLength={maxLength} placeholder={placeholder} {...field} value={field.value ?? ""} />
          </FormControl>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

export function SwitchField<T extends FieldValues>({ control, name, label, description }: Base<T>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className="flex flex-row items-start justify-between gap-4 rounded-md border p-3">
          <div className="space-y-1">
            <FormLabel>{label}</FormLabel>
            {description ? <FormDescription>{description}</FormDescription> : null}
          </div>
          <FormControl>
            <Switch checked={Boolean(field.value)} onCheckedChange={field.onChange} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

export function SelectField<T extends FieldValues>({ control, name, label, description, options }: Base<T> & { options: readonly { value: string; label: string }[] }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger className="w-full">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {description ? <FormDescription>{description}</FormDescription> : null}
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

/** Checkboxes for a string-array field; the stored array keeps the options' order (the enumeration's). */
export function CheckboxGroupField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  options,
  disabled,
  className,
  gridClassName = "grid-cols-1 sm:grid-cols-2",
}: Base<T> & { options: readonly { value: string; label: string }[]; disabled?: boolean; className?: string; gridClassName?: string }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const value = (field.value ?? []) as string[];
        return (
          <FormItem className={className}>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium">{label}</legend>
              {description ? <FormDescription>{description}</FormDescription> : null}
              <div className={cn("grid gap-2", gridClassName)}>
                {options.map((o) => {
                  const id = `${String(name)}-${o.value}`.replace(/[^\w-]+/g, "-");
                  const toggle = (on: boolean) => field.onChange(options.map((x) => x.value).filter((v) => (v === o.value ? on : value.includes(v))));
                  return (
                    <div key={o.value} className="flex min-w-0 items-start gap-2">
                      <Checkbox id={id} checked={value.includes(o.value)} disabled={disabled} onCheckedChange={(c) => toggle(c === true)} />
                      {/* leading-snug: a label that wraps must not draw its lines over each other */}
                      <Label htmlFor={id} className="min-w-0 font-normal leading-snug break-words">
                        {o.label}
                      </Label>
                    </div>
                  );
                })}
              </div>
            </fieldset>
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}
