// Rotating AUTH_SECRET (docs/decisions/secret-rotation.md): with the old secret kept as
// AUTH_SECRET_PREVIOUS, key pairs, partner tokens, member sessions, portal cookies and webhook
// signing secrets made under it keep working, and key pairs move to the new secret on use; without
// it, the start-up check counts the key pairs that can no longer be verified.
import { randomBytes } from "node:crypto";
import { encode } from "next-auth/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { decodeWithPreviousSecret } from "@/server/auth/decode-session-jwt";
import { issueMemberSessionToken, verifyMemberSessionToken } from "@/server/crypto/member-session-token";
import { issuePartnerToken, verifyPartnerToken } from "@/server/crypto/partner-token";
import { secretFingerprint } from "@/server/crypto/auth-secret";
import { db } from "../helpers/db";
import { checkKeyHashes } from "@/server/services/system";
import { createWebhookEndpoint, reencryptEndpointSecrets } from "@/server/services/webhooks";
import { decryptWebhookSecret } from "@/server/services/webhooks/webhook-secret";
import { startApiServer, type TestServer } from "../helpers/api-server";
import { seedPartner } from "../helpers/seed";

const original = { current: process.env.AUTH_SECRET, previous: process.env.AUTH_SECRET_PREVIOUS };
const A = randomBytes(32).toString("base64url");
const B = randomBytes(32).toString("base64url");
function useSecrets(current: string, previous?: string) {
  process.env.AUTH_SECRET = current;
  if (previous) process.env.AUTH_SECRET_PREVIOUS = previous;
  else delete process.env.AUTH_SECRET_PREVIOUS;
}

let server: TestServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterEach(() => useSecrets(original.current!, original.previous));
afterAll(async () => {
  await server?.close();
});

async function authenticate(keys: { public_key: string; private_key: string }) {
  const res = await fetch(`${server.url}/v1/authentications`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(keys) });
  return { status: res.status, body: (await res.json()) as { error?: { code: string } } };
}

describe("AUTH_SECRET rotation", () => {
  it("key pairs: refused under a new secret alone, accepted with AUTH_SECRET_PREVIOUS, then moved to the new secret", async () => {
    useSecrets(A);
    const { partner, keys } = await seedPartner();
    const pair = await db.apiKeyPair.findFirstOrThrow({ where: { partnerId: partner.id, environment: "test" } });
    expect(pair.hashSecretId).toBe(secretFingerprint(A));
    expect((await authenticate(keys.test)).status).toBe(200);

    useSecrets(B);
    const refused = await authenticate(keys.test);
    expect(refused.status).toBe(401);
    expect(refused.body.error?.code).toBe("invalid_credentials");
    expect(await checkKeyHashes({ partnerId: partner.id })).toEqual({ unverifiable: 2, unrecorded: 0 });

    useSecrets(B, A);
    expect(await checkKeyHashes({ partnerId: partner.id })).toEqual({ unverifiable: 0, unrecorded: 0 });
    expect((await authenticate(keys.test)).status).toBe(200);
    // the re-hash is written after the answer: wait for it
    await expect.poll(async () => (await db.apiKeyPair.findUniqueOrThrow({ where: { id: pair.id } })).hashSecretId).toBe(secretFingerprint(B));

    useSecrets(B); // the previous secret removed: the used pair still works, the unused one does not
    expect((await authenticate(keys.test)).status).toBe(200);
    expect((await authenticate(keys.live)).status).toBe(401);
    expect(await checkKeyHashes({ partnerId: partner.id })).toEqual({ unverifiable: 1, unrecorded: 0 });
  });

  it("a pair hashed before secret ids were recorded is verified and gets its id on use", async () => {
    useSecrets(A);
    const { partner, keys } = await seedPartner();
    await db.apiKeyPair.updateMany({ where: { partnerId: partner.id }, data: { hashSecretId: null } });
    expect(await checkKeyHashes({ partnerId: partner.id })).toEqual({ unverifiable: 0, unrecorded: 2 });
    useSecrets(B, A);
    expect((await authenticate(keys.live)).status).toBe(200);
    await expect.poll(async () => (await db.apiKeyPair.findFirstOrThrow({ where: { partnerId: partner.id, environment: "live" } })).hashSecretId).toBe(secretFingerprint(B));
  });

  it("partner tokens and member sessions signed with the previous secret live out their lifetime", async () => {
    useSecrets(A);
    const { partner } = await seedPartner();
    const scope = { partnerId: partner.id, environment: "test" as const };
    const { token } = await issuePartnerToken(scope);
    const member = await issueMemberSessionToken({ memberId: "7f0c1a52-63a4-4c6b-9d3a-1f1e6b8e2a10", ...scope });
    useSecrets(B);
    await expect(verifyPartnerToken(token)).rejects.toMatchObject({ code: "token_invalid" });
    expect(await verifyMemberSessionToken(member.token)).toBeNull();
    useSecrets(B, A);
    expect(await verifyPartnerToken(token)).toMatchObject(scope);
    expect(await verifyMemberSessionToken(member.token)).toMatchObject({ partnerId: partner.id });
  });

  it("portal cookies sealed with the previous secret are read; others are not", async () => {
    const cookie = await encode({ token: { sub: "admin-1", sid: "s-1" } as never, secret: A });
    await expect(decodeWithPreviousSecret({ token: cookie, secret: B })).rejects.toThrow();
    useSecrets(B, A);
    expect(await decodeWithPreviousSecret({ token: cookie, secret: B })).toMatchObject({ sub: "admin-1", sid: "s-1" });
    const foreign = await encode({ token: { sub: "x" } as never, secret: randomBytes(32).toString("base64url") });
    await expect(decodeWithPreviousSecret({ token: foreign, secret: B })).rejects.toThrow();
  });

  it("webhook signing secrets open with the previous secret and are re-encrypted under the new one at start", async () => {
    useSecrets(A);
    const { partner } = await seedPartner();
    const endpoint = await createWebhookEndpoint({ partnerId: partner.id, environment: "test" }, { url: "https://hooks.example.com/perkway", event_types: ["user.created"] } as never, { allowPrivate: true });
    const before = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretEncrypted;
    useSecrets(B);
    expect(() => decryptWebhookSecret(before)).toThrow();
    useSecrets(B, A);
    expect(decryptWebhookSecret(before)).toBe(endpoint.secret);
    expect(await reencryptEndpointSecrets()).toBeGreaterThanOrEqual(1);
    const after = (await db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).secretEncrypted;
    expect(after).not.toBe(before);
    useSecrets(B);
    expect(decryptWebhookSecret(after)).toBe(endpoint.secret);
  });
});
