// Each test creates its own partners through the real services, so files run in parallel.
import { randomUUID } from "node:crypto";
import { createPartner } from "@/server/services/partners";
import { parseWith } from "@/server/errors/parse-with";
import { partnerCreateSchema, type PartnerCreateInput } from "@/server/schemas/partner.schema";
import type { Environment } from "@/server/scope";

export async function seedPartner(overrides: Partial<PartnerCreateInput> = {}) {
  const suffix = randomUUID().slice(0, 8);
  return createPartner(
    "operator",
    parseWith(partnerCreateSchema, {
    name: `Test Partner ${suffix}`,
    type: "Accelerator",
    regions: ["Europe"],
    subdomain: `t-${suffix}`,
    ...overrides,
    }),
  );
}

/** A partner plus a ready token for one environment. */
export async function seedPartnerWithToken(baseUrl: string, environment: Environment = "test", overrides: Partial<PartnerCreateInput> = {}) {
  const seeded = await seedPartner(overrides);
  const token = await getToken(baseUrl, seeded.keys[environment]);
  return { ...seeded, token, environment };
}

export async function getToken(baseUrl: string, keys: { public_key: string; private_key: string }): Promise<string> {
  const res = await fetch(`${baseUrl}/v1/authentications`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(keys),
  });
  if (res.status !== 200) throw new Error(`authentication failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { jwt_token: string }).jwt_token;
}

/** fetch with JSON and a bearer token; returns status, headers and parsed body. */
export async function api(baseUrl: string, token: string | null, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  return { status: res.status, headers: res.headers, body: json };
}
