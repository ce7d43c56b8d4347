"use client";
// Sessions on /account: where the admin is signed in (device from the User-Agent, IP, started, last
// seen), "Sign out" per session and "Sign out everywhere else".
import { LogOut, MonitorSmartphone } from "lucide-react";
import { toast } from "sonner";
import { ConfirmDialog } from "@/components/portal/confirm-dialog";
import { EmptyState } from "@/components/portal/empty-state";
import { ErrorState } from "@/components/portal/error-state";
import { useDateFormat } from "@/components/portal/use-date-format";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { api } from "@/trpc/react";

export function SessionsCard() {
  const utils = api.useUtils();
  const { dateTime } = useDateFormat();
  const sessions = api.account.sessions.useQuery();
  const end = api.account.endSession.useMutation();
  const endOthers = api.account.endOtherSessions.useMutation();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Browsers where you are signed in. Sign out any you do not recognise.</CardDescription>
        </div>
        {others > 0 ? (
          <ConfirmDialog
            trigger={
              <Button variant="outline" size="sm">
                <LogOut aria-hidden="true" /> Sign out everywhere else
              </Button>
            }
            title="Sign out everywhere else?"
            description={`Your ${others} other session${others === 1 ? "" : "s"} end at their next request. This browser stays signed in.`}
            confirmLabel="Sign out everywhere else"
            onConfirm={async () => {
              try {
                const { ended } = await endOthers.mutateAsync();
                toast.success(`Signed out ${ended} other session${ended === 1 ? "" : "s"}`);
              } catch (error) {
                toast.error((error as Error).message);
              }
              await utils.account.sessions.invalidate();
            }}
          />
        ) : null}
      </CardHeader>
      <CardContent>
        {sessions.error ? <ErrorState error={sessions.error} retry={() => sessions.refetch()} title="Your sessions could not be loaded" /> : null}
        {sessions.isLoading ? <Skeleton className="h-24 w-full" /> : null}
        {sessions.data && sessions.data.length === 0 ? <EmptyState icon={MonitorSmartphone} title="No other sessions" description="You are signed in here only." /> : null}
        {sessions.data && sessions.data.length > 0 ? (
          <Table>
            <caption className="sr-only">Your sessions</caption>
            <TableHeader>
              <TableRow>
                <TableHead>Device</TableHead>
                <TableHead className="hidden sm:table-cell">IP address</TableHead>
                <TableHead className="hidden sm:table-cell">Signed in</TableHead>
                <TableHead>Last seen</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {sessions.data.map((s) => (
                <TableRow key={s.id}>
                  <TableCell title={s.user_agent ?? undefined}>
                    {s.device} {s.current ? <Badge variant="outline">This browser</Badge> : null}
                    {/* At phone width the address sits under the device: the table fits without scrolling. */}
                    <span className="mt-1 block font-mono text-xs text-muted-foreground sm:hidden">{s.ip ?? "Unknown"}</span>
                  </TableCell>
                  <TableCell className="hidden font-mono text-xs sm:table-cell">{s.ip ?? "Unknown"}</TableCell>
                  <TableCell className="hidden whitespace-nowrap sm:table-cell">{dateTime(s.created_at)}</TableCell>
                  <TableCell className="sm:whitespace-nowrap">{dateTime(s.last_seen_at)}</TableCell>
                  <TableCell className="text-right">
                    {s.current ? null : (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Sign out ${s.device} (${s.ip ?? "unknown IP"})`}
                        disabled={end.isPending}
                        onClick={async () => {
                          try {
                            await end.mutateAsync({ id: s.id });
                            toast.success(`Signed out ${s.device}`);
                          } catch (error) {
                            toast.error((error as Error).message);
                          }
                          await utils.account.sessions.invalidate();
                        }}
                      >
                        <LogOut aria-hidden="true" /> Sign out
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </CardContent>
    </Card>
  );
}
