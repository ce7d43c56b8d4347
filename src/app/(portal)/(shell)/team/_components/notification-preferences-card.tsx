"use client";
// Your email notifications (the link in every notification email lands here, #notifications): for
// each kind, an email at once, one daily digest, or nothing. Saved on change.
import { toast } from "sonner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/portal/error-state";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { api } from "@/trpc/react";
import { NOTIFICATION_AUDIENCE, type TeamRole } from "@/server/domain/team-roles";

const KINDS = [
  { kind: "inquiry", label: "New inquiries", hint: "A member sends a question about one of your deals." },
  { kind: "codes_low", label: "Codes running low", hint: "A code pool reaches its low-stock threshold or runs out." },
  { kind: "access_request", label: "Access requests", hint: "Someone asks for a deal or for membership." },
] as const;

const MODES = [
  { value: "instant", label: "Email at once" },
  { value: "digest", label: "Daily digest" },
  { value: "off", label: "Off" },
] as const;

type Mode = (typeof MODES)[number]["value"];

/** `teamRole`: only the kinds this role hears of are offered (NOTIFICATION_AUDIENCE). */
export function NotificationPreferencesCard({ teamRole }: { teamRole: TeamRole }) {
  const kinds = KINDS.filter((k) => NOTIFICATION_AUDIENCE[k.kind].includes(teamRole));
  const utils = api.useUtils();
  const prefs = api.team.notificationPreferences.useQuery();
  const save = api.team.setNotificationPreferences.useMutation({
    onSuccess: (data) => {
      utils.team.notificationPreferences.setData(undefined, data);
      toast.success("Notification settings saved");
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Card id="notifications" className="scroll-mt-24">
      <CardHeader>
        <CardTitle>Email notifications</CardTitle>
        <CardDescription>For each kind: an email at once, one email a day with everything, or nothing. These settings are yours only.</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isPending ? (
          <div className="space-y-3" role="status" aria-label="Loading notification settings">
            {kinds.map((k) => (
              <Skeleton key={k.kind} className="h-14 w-full" />
            ))}
          </div>
        ) : prefs.isError ? (
          <ErrorState error={prefs.error} retry={() => void prefs.refetch()} />
        ) : (
          <ul className="divide-y">
            {kinds.map((k) => (
              <li key={k.kind} className="flex flex-col gap-3 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <Label htmlFor={`notify-${k.kind}`}>{k.label}</Label>
                  <p id={`notify-${k.kind}-hint`} className="mt-1 text-sm text-muted-foreground">
                    {k.hint}
                  </p>
                </div>
                <Select value={prefs.data[k.kind]} onValueChange={(mode) => save.mutate({ [k.kind]: mode as Mode })}>
                  <SelectTrigger id={`notify-${k.kind}`} aria-describedby={`notify-${k.kind}-hint`} className="w-full sm:w-44">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {MODES.map((m) => (
                      <SelectItem key={m.value} value={m.value}>
                        {m.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
