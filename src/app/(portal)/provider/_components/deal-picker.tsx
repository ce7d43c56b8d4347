"use client";
// The provider's deals as a select (codes and tracking pages work on one deal at a time).
import type { RouterOutputs } from "@/trpc/react";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";

type Deal = Pick<RouterOutputs["provider"]["deals"][number], "id" | "product_name">;

export function DealPicker({ deals, value, onChange, id }: { deals: Deal[]; value: string; onChange: (id: string) => void; id: string }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Deal</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-80">
          <SelectValue placeholder="Choose a deal" />
        </SelectTrigger>
        <SelectContent>
          {deals.map((d) => (
            <SelectItem key={d.id} value={d.id}>
              {d.product_name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
