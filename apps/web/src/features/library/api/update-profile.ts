import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserProfile } from '@zema/contracts';
import { profiles } from '@zema/contracts/library/profiles.operations';
import { api } from '#src/lib/api-client';
import { errorMessage } from '#src/lib/api-error';
import { toast } from '#src/ui/toast';
import { userProfileKey } from './get-user-profile';

/** PUT me/profile {likes_public?, bio?} → {user}. */
export async function updateProfile(fields: {
  likes_public?: boolean;
  bio?: string | null;
}): Promise<UserProfile> {
  return (await api.call(profiles.updateOwn, { body: fields })).user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { handlesErrors: true },
    onSuccess: (user) => {
      queryClient.setQueryData(userProfileKey(user.id), user);
      void queryClient.invalidateQueries({ queryKey: ['profile', 'likes', { userId: user.id }] });
    },
    onError: (err) => toast.danger(errorMessage(err)),
  });
}
