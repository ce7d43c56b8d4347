// What a deactivated partner's members see on every page of its hosted app and widget: the
// programme is paused (not "we couldn't find this page"), and who to ask.
export function ProgrammePaused({ partnerName }: { partnerName: string }) {
  return (
    <section className="mx-auto max-w-xl py-12 text-center" data-testid="programme-paused">
      <h1 className="text-2xl font-bold text-foreground">{partnerName} perks are paused</h1>
      <p className="mt-3 text-muted-foreground">
        {partnerName} has paused its perks programme for now, so its deals cannot be opened or redeemed. Nothing you saved is lost. Ask {partnerName} when it will be back.
      </p>
    </section>
  );
}
