// The OpenAPI document's error lists read the one error-code registry (src/server/errors/error-codes.ts).
export { SHARED_ERROR_CODES, statusOfErrorCode } from "@/server/errors/error-codes";
