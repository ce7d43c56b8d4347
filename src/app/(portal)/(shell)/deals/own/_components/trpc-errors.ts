// Field problems of a refused mutation (formatTRPCError puts AppError's param / errors in data).
export function fieldErrorsOf(error: unknown): { param: string; message: string }[] {
  const data = (error as { data?: { param?: string | null; errors?: { param: string; message: string }[] | null } } | null)?.data;
  if (data?.errors?.length) return data.errors;
  if (data?.param) return [{ param: data.param, message: (error as { message: string }).message }];
  return [];
}

export function appCodeOf(error: unknown): string | null {
  return (error as { data?: { appCode?: string | null } } | null)?.data?.appCode ?? null;
}
