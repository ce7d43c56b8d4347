// How the member islands record an event: the trackEvent server action of src/app/p/[subdomain]/actions.ts,
// passed down as a prop (components import no app code).
export type Track = (input: { type: string; dealId?: string; dealIds?: string[] }) => Promise<unknown>;
