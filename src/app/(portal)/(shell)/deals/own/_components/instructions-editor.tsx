"use client";
// The redemption instructions editor: Markdown with a formatting toolbar and a placeholder menu, beside
// the live preview of what a member sees (converted and sanitized by the server, placeholders filled
// with a sample member). Instructions stored as HTML open as they are: Markdown keeps HTML.
import { Bold, Braces, Italic, Link2, List, ListOrdered } from "lucide-react";
import { useRef } from "react";
import { useWatch, type Control } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import type { DealValues } from "@/components/deals/deal-values";
import { INSTRUCTION_PLACEHOLDERS, placeholderList, unknownPlaceholderMessage, unknownPlaceholders } from "@/server/schemas/redemption.schema";
import { InstructionsPreview } from "./instructions-preview";

type Edit = { value: string; start: number; end: number };

/** Wraps the selection (or a sample word) in `before`/`after`; the result selects the wrapped text. */
export function wrapSelection({ value, start, end }: Edit, before: string, after: string, sample: string): Edit {
  const text = value.slice(start, end) || sample;
  return { value: value.slice(0, start) + before + text + after + value.slice(end), start: start + before.length, end: start + before.length + text.length };
}

/** Starts every line the selection touches with a list marker ("- " or "1. ", "2. "…). */
export function prefixLines({ value, start, end }: Edit, numbered: boolean): Edit {
  const from = value.lastIndexOf("\n", start - 1) + 1;
  const lines = value.slice(from, end).split("\n");
  const listed = lines.map((l, i) => `${numbered ? `${i + 1}. ` : "- "}${l}`).join("\n");
  return { value: value.slice(0, from) + listed + value.slice(end), start: from, end: from + listed.length };
}

const insertAt = ({ value, start, end }: Edit, text: string): Edit => ({ value: value.slice(0, start) + text + value.slice(end), start: start + text.length, end: start + text.length });

export function InstructionsEditor({ control, rows }: { control: Control<DealValues>; rows: number }) {
  const area = useRef<HTMLTextAreaElement | null>(null);
  const instructions = useWatch({ control, name: "redemption.instructions" }) ?? "";
  const redeemUrl = useWatch({ control, name: "redemption.redeem_url" }) ?? "";
  const unknown = unknownPlaceholders(instructions, INSTRUCTION_PLACEHOLDERS);

  return (
    <FormField
      control={control}
      name="redemption.instructions"
      render={({ field, fieldState }) => {
        const apply = (change: (e: Edit) => Edit) => {
          const el = area.current;
          const current: Edit = { value: field.value ?? "", start: el?.selectionStart ?? 0, end: el?.selectionEnd ?? 0 };
          const next = change(current);
          field.onChange(next.value);
          // After React writes the new value: put the caret back where the edit left it.
          requestAnimationFrame(() => {
            el?.focus();
            el?.setSelectionRange(next.start, next.end);
          });
        };
        return (
          <FormItem className="md:col-span-2">
            <FormLabel>Instructions</FormLabel>
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="flex min-w-0 flex-col gap-2">
                <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-1">
                  <Button type="button" variant="outline" size="sm" onClick={() => apply((e) => wrapSelection(e, "**", "**", "bold text"))}>
                    <Bold aria-hidden="true" /> Bold
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => apply((e) => wrapSelection(e, "_", "_", "italic text"))}>
                    <Italic aria-hidden="true" /> Italic
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => apply((e) => wrapSelection(e, "[", "](https://)", "link text"))}>
                    <Link2 aria-hidden="true" /> Link
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => apply((e) => prefixLines(e, false))}>
                    <List aria-hidden="true" /> Bulleted list
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => apply((e) => prefixLines(e, true))}>
                    <ListOrdered aria-hidden="true" /> Numbered list
                  </Button>
                  <DropdownMenu>
                    <DropdownMenuTrigger asChild>
                      <Button type="button" variant="outline" size="sm">
                        <Braces aria-hidden="true" /> Insert placeholder
                      </Button>
                    </DropdownMenuTrigger>
                    <DropdownMenuContent align="start">
                      {INSTRUCTION_PLACEHOLDERS.map((p) => (
                        <DropdownMenuItem key={p} onSelect={() => apply((e) => insertAt(e, `{{${p}}}`))} className="font-mono">
                          {`{{${p}}}`}
                        </DropdownMenuItem>
                      ))}
                    </DropdownMenuContent>
                  </DropdownMenu>
                </div>
                <FormControl>
                  <Textarea
                    rows={rows}
                    className="font-mono text-sm"
                    placeholder={"1. Sign up with {{email}}\n2. Open **Billing** and enter your code"}
                    {...field}
                    ref={(el) => {
                      area.current = el;
                      field.ref(el);
                    }}
                    value={field.value ?? ""}
                  />
                </FormControl>
                <FormDescription>
                  Markdown: **bold**, _italic_, [link](https://…), lists with - or 1. Placeholders {placeholderList(INSTRUCTION_PLACEHOLDERS)} are filled for each member. Scripts and
                  unsafe links are removed.
                </FormDescription>
                {unknown.length && !fieldState.error ? (
                  <p role="status" className="text-sm text-destructive" data-testid="unknown-placeholders">
                    {unknownPlaceholderMessage(unknown, INSTRUCTION_PLACEHOLDERS)}
                  </p>
                ) : null}
                <FormMessage />
              </div>
              <InstructionsPreview instructions={instructions} redeemUrl={redeemUrl} />
            </div>
          </FormItem>
        );
      }}
    />
  );
}
