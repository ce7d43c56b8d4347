// Request and response types derived from the generated OpenAPI types (generated/openapi.ts), so a
// path, its parameters, its body and its answer are checked by the compiler.
import type { components, paths, webhooks } from "./generated/openapi.js";

export type { components, operations, paths, webhooks } from "./generated/openapi.js";

type Schemas = components["schemas"];
export type User = Schemas["User"];
export type UserWithSignInUrl = Schemas["UserWithSignInUrl"];
export type Deal = Schemas["Deal"];
/** A partner deal: the Deal plus its translations as stored (/v1/partner-deals). */
export type PartnerDeal = Schemas["PartnerDeal"];
/** Deal text per language, keyed by supported locale (en, fr, de, es, pt-BR, ar). */
export type DealTranslations = Schemas["DealTranslations"];
export type WebhookEndpoint = Schemas["WebhookEndpoint"];

export type HttpMethod = "get" | "post" | "patch" | "delete";

/** The paths that have an operation for `M`. */
export type PathsWith<M extends HttpMethod> = {
  [P in keyof paths]: paths[P] extends { [K in M]: unknown } ? P : never;
}[keyof paths];

export type Operation<M extends HttpMethod, P extends PathsWith<M>> = paths[P] extends { [K in M]: infer O } ? O : never;

type Params<O> = O extends { parameters: infer X } ? X : never;
type PathParams<O> = Params<O> extends { path: infer X } ? (X extends Record<string, unknown> ? X : never) : never;
type QueryParams<O> = Params<O> extends { query?: infer X } ? (X extends Record<string, unknown> ? X : never) : never;
type RequestBodyOf<O> = O extends { requestBody?: infer R } ? NonNullable<R> : never;
type JsonBody<O> = [RequestBodyOf<O>] extends [never] ? never : RequestBodyOf<O> extends { content: { "application/json": infer B } } ? B : never;

type Json<R> = R extends { content: { "application/json": infer B } } ? B : undefined;
/** The JSON body of the operation's 2xx answers (undefined for 204). */
export type SuccessBody<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends 200 | 201 | 202 | 203 ? Json<R[S]> : S extends 204 ? undefined : never }[keyof R]
  : never;

type Common = {
  /** POST only: the Idempotency-Key (default: a fresh UUID per call, the same on every retry of it). */
  idempotencyKey?: string;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

/** Options of one call: `path` when the path has parameters, `query` and `body` when it takes them. */
export type RequestOptions<O> = Common &
  ([PathParams<O>] extends [never] ? { path?: undefined } : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? { query?: undefined } : { query?: QueryParams<O> }) &
  ([JsonBody<O>] extends [never] ? { body?: undefined } : { body: JsonBody<O> });

/** `[]` when every option is optional, `[options]` otherwise. */
export type OptionsArg<O> = [PathParams<O>] extends [never] ? ([JsonBody<O>] extends [never] ? [options?: RequestOptions<O>] : [options: RequestOptions<O>]) : [options: RequestOptions<O>];

/** GET paths answering a cursor page `{ data, has_more, next_cursor }`. */
export type ListPath = {
  [P in PathsWith<"get">]: SuccessBody<Operation<"get", P>> extends { data: unknown[]; next_cursor: string | null } ? P : never;
}[PathsWith<"get">];

export type ListItem<P extends ListPath> = SuccessBody<Operation<"get", P>> extends { data: (infer T)[] } ? T : never;

/** A verified webhook event: a union discriminated by `type`. */
export type WebhookEvent = {
  [K in keyof webhooks]: webhooks[K] extends { post: { requestBody?: { content: { "application/json": infer B } } } } ? B : never;
}[keyof webhooks];
export type WebhookEventType = WebhookEvent["type"];
