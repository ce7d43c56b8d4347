"use client";
// Categories in display order: add, rename, move up/down (buttons, so the keyboard works), merge one
// into another (its deals follow; the merged category is deleted).
import { useState } from "react";
import { ArrowDown, ArrowUp, Tags } from "lucide-react";
import { toast } from "sonner";
import { api, type RouterOutputs } from "@/trpc/react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { PageHeader } from "@/components/portal/page-header";

type Category = RouterOutputs["superAdmin"]["listCategories"][number];

export function CategoriesClient() {
  const categories = api.superAdmin.listCategories.useQuery();
  const utils = api.useUtils();
  const refresh = () => utils.superAdmin.listCategories.invalidate();
  const move = api.superAdmin.moveCategory.useMutation({ onSuccess: refresh, onError: (e) => toast.error(e.message) });

  return (
    <div className="space-y-6">
      <PageHeader title="Categories" description="Shown to members in this order. Slugs are what API clients filter by (?category=) and never change." />
      <AddCategory onAdded={refresh} />
      {categories.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading categories">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-10 w-full" />
          ))}
        </div>
      ) : categories.isError ? (
        <ErrorState error={categories.error} retry={() => void categories.refetch()} />
      ) : categories.data.length === 0 ? (
        <EmptyState icon={Tags} title="No categories yet" description="Add the first category above; deals can then be filed under it." />
      ) : (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-16">Order</TableHead>
              <TableHead>Name</TableHead>
              <TableHead className="hidden sm:table-cell">Slug</TableHead>
              <TableHead className="hidden sm:table-cell">Deals</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {categories.data.map((c, i) => (
              <TableRow key={c.id}>
                <TableCell>{i + 1}</TableCell>
                <TableCell className="font-medium">{c.name}</TableCell>
                <TableCell className="hidden font-mono text-xs sm:table-cell">{c.slug}</TableCell>
                <TableCell className="hidden sm:table-cell">{c.deal_count}</TableCell>
                <TableCell>
                  <div className="flex flex-wrap justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Move ${c.name} up`} disabled={i === 0 || move.isPending} onClick={() => move.mutate({ id: c.id, direction: "up" })}>
                      <ArrowUp aria-hidden />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Move ${c.name} down`}
                      disabled={i === categories.data.length - 1 || move.isPending}
                      onClick={() => move.mutate({ id: c.id, direction: "down" })}
                    >
                      <ArrowDown aria-hidden />
                    </Button>
                    <RenameCategory category={c} onDone={refresh} />
                    <MergeCategory category={c} others={categories.data.filter((o) => o.id !== c.id)} onDone={refresh} />
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}

function AddCategory({ onAdded }: { onAdded: () => Promise<void> }) {
  const [name, setName] = useState("");
  const create = api.superAdmin.createCategory.useMutation({
    onSuccess: async (c) => {
      toast.success(`Added ${c.name}`);
      setName("");
      await onAdded();
    },
  });
  return (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        if (name.trim()) create.mutate({ name: name.trim() });
      }}
    >
      <div className="grid flex-1 gap-1.5">
        <Label htmlFor="new-category">New category name</Label>
        <Input id="new-category" value={name} onChange={(e) => setName(e.target.value)} aria-invalid={create.isError || undefined} aria-describedby={create.isError ? "new-category-error" : undefined} />
        {create.isError ? (
          <p id="new-category-error" className="text-destructive text-sm">
            {create.error.message}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={!name.trim() || create.isPending}>
        {create.isPending ? "Adding…" : "Add category"}
      </Button>
    </form>
  );
}

function RenameCategory({ category, onDone }: { category: Category; onDone: () => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState(category.name);
  const rename = api.superAdmin.renameCategory.useMutation({
    onSuccess: async (c) => {
      toast.success(`Renamed to ${c.name}`);
      setOpen(false);
      await onDone();
    },
  });
  const id = `rename-${category.id}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setName(category.name);
          rename.reset();
        }
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" aria-label={`Rename ${category.name}`}>
          Rename
        </Button>
      </DialogTrigger>
      <DialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            rename.mutate({ id: category.id, name });
          }}
          className="space-y-4"
        >
          <DialogHeader>
            <DialogTitle>Rename {category.name}</DialogTitle>
            <DialogDescription>The slug {category.slug} stays the same.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-1.5">
            <Label htmlFor={id}>Category name</Label>
            <Input id={id} value={name} onChange={(e) => setName(e.target.value)} />
            {rename.isError ? <p className="text-destructive text-sm">{rename.error.message}</p> : null}
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={!name.trim() || rename.isPending}>
              Save name
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function MergeCategory({ category, others, onDone }: { category: Category; others: Category[]; onDone: () => Promise<void> }) {
  const [target, setTarget] = useState<string>("");
  const merge = api.superAdmin.mergeCategories.useMutation({
    onSuccess: async (r) => {
      toast.success(`Merged ${category.name}: ${r.deals_moved} deals moved`);
      await onDone();
    },
    onError: (e) => toast.error(e.message),
  });
  const targetName = others.find((o) => o.id === target)?.name;
  if (!others.length) return null;
  return (
    <ConfirmDialog
      trigger={
        <Button variant="outline" size="sm" aria-label={`Merge ${category.name} into another category`}>
          Merge
        </Button>
      }
      title={`Merge ${category.name} into another category`}
      description={
        <div className="space-y-3">
          <p>
            The {category.deal_count} deals of {category.name} move to the category you choose, and {category.name} ({category.slug}) is deleted. API clients filtering by{" "}
            {category.slug} will find nothing.
          </p>
          <div className="grid gap-1.5">
            <Label htmlFor={`merge-${category.id}`}>Merge into</Label>
            <Select value={target} onValueChange={setTarget}>
              <SelectTrigger id={`merge-${category.id}`} className="w-full">
                <SelectValue placeholder="Choose a category" />
              </SelectTrigger>
              <SelectContent>
                {others.map((o) => (
                  <SelectItem key={o.id} value={o.id}>
                    {o.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
        </div>
      }
      confirmLabel={targetName ? `Merge into ${targetName} and delete ${category.name}` : "Choose a category first"}
      destructive
      onConfirm={async () => {
        if (!target) throw new Error("Choose the category to merge into");
        await merge.mutateAsync({ sourceId: category.id, targetId: target });
      }}
    />
  );
}
