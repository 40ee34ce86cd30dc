import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { contactAdmin } from '@zema/contracts/contact/contact.operations';
import { api } from '#src/lib/api-client';

export const contactKeys = {
  all: ['admin', 'contact-messages'] as const,
  list: (query: Record<string, string>) => ['admin', 'contact-messages', 'list', query] as const,
};

/** GET admin/contact-messages with the list contract's query (and the unread count). */
export function useAdminContactMessages(query: Record<string, string>) {
  return useQuery({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => api.call(contactAdmin.list, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** POST admin/contact-messages/mark-read {ids, read}: opening a message, the toggle, bulk. */
export function useMarkContactMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; read: boolean }) => api.call(contactAdmin.markRead, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** POST admin/contact-messages/bulk-delete {ids} (one message or the selected rows). */
export function useDeleteContactMessages() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => api.call(contactAdmin.bulkDelete, { body: { ids } }),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

/** POST admin/contact-messages/{id}/retry-mail: the message's mails tried again now. */
export function useRetryContactMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      api.call(contactAdmin.retryMail, { params: { id: String(id) } }).then((r) => r.message),
    onSuccess: () => client.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
