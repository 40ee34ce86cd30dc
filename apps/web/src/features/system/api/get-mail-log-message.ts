import { queryOptions, useQuery } from '@tanstack/react-query';
import { logs } from '@zema/contracts/system/logs.operations';
import { api } from '#src/lib/api-client';
import { systemKeys } from './system-keys';

/** GET admin/mail-log/:id: one message as sent, its secrets redacted. */
export const mailMessageQueryOptions = (id: number) =>
  queryOptions({
    queryKey: systemKeys.mailMessage(id),
    queryFn: async ({ signal }) =>
      (await api.call(logs.getMail, { params: { id: String(id) }, signal })).mail,
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useMailMessage(id: number | null) {
  return useQuery({ ...mailMessageQueryOptions(id ?? 0), enabled: id !== null });
}
