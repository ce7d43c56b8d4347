// @perkway/sdk: the Perkway partner API from Node 20 or a browser-like runtime, with no dependencies.
export { Perkway, retryAfterSeconds, type AccessToken, type PerkwayOptions } from "./client.js";
export { ApiError, AuthenticationError, ConnectionError, InvalidRequestError, NotFoundError, PerkwayError, PermissionError, RateLimitError, type ErrorBody, type ErrorCode } from "./errors.js";
export { ERROR_CODES, WEBHOOK_EVENT_TYPES } from "./generated/api-facts.js";
export { signWebhook, verifyWebhook, WebhookVerificationError, SIGNATURE_HEADER, type VerifyWebhookOptions, type WebhookVerificationFailure } from "./webhooks.js";
export { confirmConversion, ProviderPostbackError, reverseConversion, type ConversionRequest, type ConversionResponse, type ProviderClientOptions, type ReversalResponse } from "./provider.js";
export { createHandoffToken, type HandoffEligibility, type HandoffTokenInput } from "./handoff.js";
export type * from "./types.js";
