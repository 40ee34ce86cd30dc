import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowableType, LikedIdsResponse } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { useNavigate } from 'react-router';
import { api } from '#src/lib/api-client';
import { errorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { toast } from '#src/ui/toast';
import { LIKED_IDS_QUERY_KEY, useLikedIds } from './use-like';

/** PUT (follow) or DELETE (unfollow) me/follows/{artist|user}/{id} → {followed}. */
export async function setFollow(type: FollowableType, id: number, followed: boolean): Promise<boolean> {
  const res = await api.call(followed ? library.follow : library.unfollow, { params: { type, id } });
  return res.followed;
}

const idsField = (type: FollowableType) => (type === 'artist' ? 'followed_artists' : 'followed_users');

/** Follow state and toggle for an artist or a user, optimistic like the hearts. */
export function useFollowToggle(type: FollowableType, id: number) {
  const { isLoggedIn } = useAuth();
  const { ids } = useLikedIds();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { trans } = useTrans();
  const field = idsField(type);
  const followed = ids[field].includes(id);

  const mutation = useMutation({
    mutationFn: (next: boolean) => setFollow(type, id, next),
    meta: { handlesErrors: true },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: LIKED_IDS_QUERY_KEY });
      const previous = queryClient.getQueryData<LikedIdsResponse>(LIKED_IDS_QUERY_KEY);
      if (previous) {
        const without = previous[field].filter((x) => x !== id);
        queryClient.setQueryData<LikedIdsResponse>(LIKED_IDS_QUERY_KEY, {
          ...previous,
          [field]: next ? [id, ...without] : without,
        });
      }
      return { previous };
    },
    onError: (err, _next, context) => {
      if (context?.previous) queryClient.setQueryData(LIKED_IDS_QUERY_KEY, context.previous);
      toast.danger(errorMessage(err));
    },
    onSuccess: (_followed, next) => {
      toast.positive(trans(next ? 'Following' : 'Unfollowed'));
      void queryClient.invalidateQueries({ queryKey: ['library', `followed-${type}s`] });
      // Follower counts on the profile header.
      if (type === 'user') void queryClient.invalidateQueries({ queryKey: ['profile'] });
    },
  });

  const toggle = () => {
    if (!isLoggedIn) {
      navigate(paths.login());
      return;
    }
    mutation.mutate(!followed);
  };
  return { followed, toggle, isPending: mutation.isPending };
}
