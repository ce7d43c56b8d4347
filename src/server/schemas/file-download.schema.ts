// A file the portal downloads through tRPC (CSV and JSON exports): its name, type and text, and how
// many rows it holds.
import { z } from "zod";

export const fileDownloadSchema = z.object({ filename: z.string(), mimeType: z.string(), content: z.string(), count: z.number().int() });
export type FileDownload = z.output<typeof fileDownloadSchema>;
