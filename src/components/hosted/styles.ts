// Class names of the member surfaces. Server components use the ui primitives (Button, Badge, Card)
// directly; the client islands get their button classes as props (computed here on the server with
// the primitives' own buttonVariants), so class-variance-authority and tailwind-merge stay out of
// the hosted pages' JavaScript. The brand colour reaches the primitives through --primary, set
// by brandStyle().
import { buttonVariants } from "@/components/ui/button";
import { cn } from "@/lib/utils";

export type HostedUi = { primary: string; primaryLong: string; secondary: string; field: string };

export const hostedUi: HostedUi = {
  primary: buttonVariants({ size: "lg" }),
  // A button whose words come from the deal ("Go to Microsoft for Startups Founders Hub"): wraps
  // inside its panel instead of running past it.
  // (cn, not cva's className: cva appends, so whitespace-nowrap and the fixed height would stay.)
  primaryLong: cn(buttonVariants({ size: "lg" }), "h-auto min-h-10 max-w-full whitespace-normal py-2 text-center"),
  secondary: buttonVariants({ variant: "outline", size: "lg" }),
  // The tokens of src/components/ui/input.tsx and textarea.tsx, for fields rendered by client islands.
  field:
    "flex w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-sm shadow-xs outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50",
};
