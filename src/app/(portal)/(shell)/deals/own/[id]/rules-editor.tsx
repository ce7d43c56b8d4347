"use client";
// Visibility rules of an own deal: the sentence of what they mean (describeRuleSet, computed on the
// server), the rules with their priorities, and a form to add or edit one. rule_value is picked from
// the rule_type's vocabulary (partner UUIDs are typed); the server validates with the same schema.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { EmptyState } from "@/components/portal/empty-state";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Textarea } from "@/components/ui/textarea";
import { AUDIENCE_REGIONS, PARTNER_TYPES, RULE_TYPES, USER_TYPES, type RuleType } from "@/server/domain/enums";
import { visibilityRuleCreateSchema, type VisibilityRuleDto } from "@/server/schemas/visibility-rule.schema";
import { api } from "@/trpc/react";
import { RULE_TYPE_LABELS } from "@/server/domain/labels";

const RULE_LABELS = RULE_TYPE_LABELS;

function vocabularyOf(type: RuleType): readonly string[] | null {
  if (type.endsWith("_partner_type")) return PARTNER_TYPES;
  if (type.endsWith("_region")) return AUDIENCE_REGIONS;
  if (type.endsWith("_user_type")) return USER_TYPES;
  return null; // partner ids: typed
}

type Draft = { rule_type: RuleType; values: string[]; ids: string; priority: string };

function RuleForm({ initial, onSubmit, pending, submitLabel }: { initial: Draft; onSubmit: (rule: { rule_type: RuleType; rule_value: string[]; priority: number }) => void; pending: boolean; submitLabel: string }) {
  const [draft, setDraft] = useState(initial);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const vocab = vocabularyOf(draft.rule_type);
  const submit = () => {
    const candidate = {
      rule_type: draft.rule_type,
      rule_value: vocab ? draft.values.filter((v) => vocab.includes(v)) : draft.ids.split(/[\s,;]+/).filter(Boolean),
      priority: draft.priority.trim() === "" ? 0 : Number(draft.priority),
    };
    // The same schema as POST /v1/partner-deals/{id}/visibility-rules.
    const parsed = visibilityRuleCreateSchema.safeParse(candidate);
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0] ?? "rule_value")] ??= i.message;
      setProblems(out);
      return;
    }
    setProblems({});
    onSubmit(parsed.data);
  };
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Visibility rule"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="rule-type">Rule type</Label>
          <Select value={draft.rule_type} onValueChange={(v) => setDraft({ ...draft, rule_type: v as RuleType, values: [] })}>
            <SelectTrigger id="rule-type" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {RULE_TYPES.map((t) => (
                <SelectItem key={t} value={t}>
                  {RULE_LABELS[t]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="rule-priority">Priority</Label>
          <Input id="rule-priority" type="number" inputMode="numeric" value={draft.priority} onChange={(e) => setDraft({ ...draft, priority: e.target.value })} aria-invalid={!!problems.priority} aria-describedby="rule-priority-help" />
          <p id="rule-priority-help" className="text-xs text-muted-foreground">
            {problems.priority ?? "Higher wins; on a tie, exclude wins."}
          </p>
        </div>
      </div>
      {vocab ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">Values</legend>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            {vocab.map((v) => {
              const id = `rule-value-${v}`.replace(/[^\w-]+/g, "-");
              return (
                <div key={v} className="flex items-center gap-2">
                  <Checkbox id={id} checked={draft.values.includes(v)} onCheckedChange={(c) => setDraft({ ...draft, values: c ? [...draft.values, v] : draft.values.filter((x) => x !== v) })} />
                  <Label htmlFor={id} className="font-normal">
                    {v}
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : (
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="rule-ids">Partner ids</Label>
          <Textarea id="rule-ids" rows={3} value={draft.ids} onChange={(e) => setDraft({ ...draft, ids: e.target.value })} placeholder="One partner UUID per line" />
        </div>
      )}
      {problems.rule_value || problems.rule_type ? (
        <p role="alert" className="text-sm text-destructive">
          {problems.rule_value ?? problems.rule_type}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="submit" disabled={pending}>
          {pending ? "Saving…" : submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}

const draftOf = (r?: VisibilityRuleDto): Draft =>
  r
    ? { rule_type: r.rule_type, values: vocabularyOf(r.rule_type) ? r.rule_value : [], ids: vocabularyOf(r.rule_type) ? "" : r.rule_value.join("\n"), priority: String(r.priority) }
    : { rule_type: "include_region", values: [], ids: "", priority: "0" };

export function RulesEditor({ dealId, rules, sentence, readOnly }: { dealId: string; rules: VisibilityRuleDto[]; sentence: string; readOnly: boolean }) {
  const utils = api.useUtils();
  const [open, setOpen] = useState<string | null>(null);
  const done = async (message: string) => {
    setOpen(null);
    toast.success(message);
    await Promise.all([utils.ownDeals.get.invalidate({ id: dealId }), utils.catalogue.invalidate()]);
  };
  const create = api.ownDeals.createRule.useMutation({ onSuccess: () => done("Rule added"), onError: (e) => toast.error(e.message) });
  const update = api.ownDeals.updateRule.useMutation({ onSuccess: () => done("Rule saved"), onError: (e) => toast.error(e.message) });
  const remove = api.ownDeals.deleteRule.useMutation({ onSuccess: () => done("Rule removed"), onError: (e) => toast.error(e.message) });
  const sorted = [...rules].sort((a, b) => b.priority - a.priority);
  const hasPartnerRules = rules.some((r) => r.rule_type.includes("partner"));

  const addDialog = (
    <Dialog open={open === "new"} onOpenChange={(o) => setOpen(o ? "new" : null)}>
      <DialogTrigger asChild>
        <Button>
          <Plus aria-hidden="true" /> Add rule
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add a visibility rule</DialogTitle>
          <DialogDescription>Among the rules of a dimension that match, the highest priority decides.</DialogDescription>
        </DialogHeader>
        <RuleForm initial={draftOf()} pending={create.isPending} submitLabel="Add rule" onSubmit={(rule) => create.mutate({ id: dealId, rule })} />
      </DialogContent>
    </Dialog>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Who can see this deal</CardTitle>
        <CardDescription data-testid="rules-sentence" className="text-base text-foreground">
          {sentence}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {hasPartnerRules ? (
          <Alert variant="warning">
            <AlertDescription>Partner rules have no effect on your own deals: only your members ever see them.</AlertDescription>
          </Alert>
        ) : null}
        {rules.length === 0 ? (
          <EmptyState title="No rules: every member of yours can see it" description="Add a rule to limit the deal to some regions or user types." action={readOnly ? null : addDialog} />
        ) : (
          <>
            <div className="overflow-x-auto rounded-xl border">
              <Table aria-label="Visibility rules, highest priority first">
                <TableHeader>
                  <TableRow>
                    <TableHead>Rule</TableHead>
                    <TableHead>Values</TableHead>
                    <TableHead>Priority</TableHead>
                    {readOnly ? null : <TableHead>Actions</TableHead>}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {sorted.map((r) => (
                    <TableRow key={r.id}>
                      <TableCell>
                        <Badge variant={r.rule_type.startsWith("include_") ? "outline" : "destructive"}>{RULE_LABELS[r.rule_type]}</Badge>
                      </TableCell>
                      <TableCell className="max-w-sm whitespace-normal">{r.rule_value.join(", ")}</TableCell>
                      <TableCell>{r.priority}</TableCell>
                      {readOnly ? null : (
                        <TableCell>
                          <div className="flex gap-1">
                            <Dialog open={open === r.id} onOpenChange={(o) => setOpen(o ? r.id : null)}>
                              <DialogTrigger asChild>
                                <Button variant="ghost" size="sm" aria-label={`Edit rule ${RULE_LABELS[r.rule_type]} (priority ${r.priority})`}>
                                  <Pencil aria-hidden="true" /> Edit
                                </Button>
                              </DialogTrigger>
                              <DialogContent>
                                <DialogHeader>
                                  <DialogTitle>Edit the rule</DialogTitle>
                                  <DialogDescription>Changes apply to your members&rsquo; deal lists at once.</DialogDescription>
                                </DialogHeader>
                                <RuleForm initial={draftOf(r)} pending={update.isPending} submitLabel="Save rule" onSubmit={(rule) => update.mutate({ id: dealId, rule_id: r.id, patch: rule })} />
                              </DialogContent>
                            </Dialog>
                            <ConfirmDialog
                              trigger={
                                <Button variant="ghost" size="sm" aria-label={`Delete rule ${RULE_LABELS[r.rule_type]} (priority ${r.priority})`}>
                                  <Trash2 aria-hidden="true" /> Delete
                                </Button>
                              }
                              title={`Delete the rule “${RULE_LABELS[r.rule_type]}” (priority ${r.priority})?`}
                              description={`It names ${r.rule_value.join(", ")}. Who sees the deal may change at once.`}
                              confirmLabel="Delete rule"
                              destructive
                              onConfirm={() => remove.mutateAsync({ id: dealId, rule_id: r.id }).catch(() => undefined)}
                            />
                          </div>
                        </TableCell>
                      )}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            {readOnly ? null : <div>{addDialog}</div>}
          </>
        )}
      </CardContent>
    </Card>
  );
}
