"use client";
// A labelled select for a list page's filter bar (activity, members, catalogue).
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { cn } from "@/lib/utils";

type FilterSelectProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  className?: string;
  triggerClassName?: string;
};

export function FilterSelect({ id, label, value, onChange, options, className, triggerClassName }: FilterSelectProps) {
  return (
    <div className={cn("flex min-w-36 flex-1 flex-col gap-1.5 sm:flex-none", className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className={cn("w-full sm:w-44", triggerClassName)}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
