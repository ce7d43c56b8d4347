// Every /v1 request goes through the shared API pipeline (src/server/http/handle-api-request.ts).
import { handleApiRequest } from "@/server/http/handle-api-request";

export const dynamic = "force-dynamic";
export const GET = handleApiRequest;
export const POST = handleApiRequest;
export const PATCH = handleApiRequest;
export const PUT = handleApiRequest;
export const DELETE = handleApiRequest;
export const OPTIONS = handleApiRequest;
export const HEAD = handleApiRequest;
