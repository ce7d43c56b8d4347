"use client";
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { Button, type ButtonProps } from "@/components/ui/button";

/** Copies `value`; `label` is the button's accessible name and visible text ("Copy private key"). */
export function CopyButton({ value, label, showLabel = true, variant = "outline", size = "sm", ...props }: { value: string; label: string; showLabel?: boolean } & Omit<ButtonProps, "onClick" | "value">) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast.success("Copied to the clipboard");
      setTimeout(() => setCopied(false), 1500);
    } catch {
      toast.error("Copying failed: select the text and copy it yourself.");
    }
  }
  return (
    <Button variant={variant} size={size} onClick={copy} aria-label={label} {...props}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      {showLabel ? <span>{copied ? "Copied" : label}</span> : null}
    </Button>
  );
}
