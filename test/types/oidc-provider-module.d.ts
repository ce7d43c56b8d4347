// oidc-provider 8 ships no types (@types/oidc-provider is not installed): the little the test IdP uses.
declare module "oidc-provider" {
  import type http from "node:http";
  type Account = { accountId: string; claims: () => Promise<Record<string, unknown>> };
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown> & { findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> });
    callback(): (req: http.IncomingMessage, res: http.ServerResponse) => void;
    on(event: string, listener: (ctx: unknown, err: unknown) => void): this;
  }
}
