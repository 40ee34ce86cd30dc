import { useMutation } from '@tanstack/react-query';
import type { TestMailRequest } from '@zema/contracts/admin';
import { settings } from '@zema/contracts/settings/settings.operations';
import { api } from '#src/lib/api-client';

/** POST settings/test-mail: a real mail through the configured transport (rate-limited). */
export async function sendTestMail(body: TestMailRequest) {
  return api.call(settings.testMail, { body });
}

export function useSendTestMail() {
  return useMutation({ mutationFn: sendTestMail, meta: { handlesErrors: true } });
}
