import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type LikeableType, type LikedIdsResponse, msg } from '@zema/contracts';
import { library } from '@zema/contracts/library/library.operations';
import { useNavigate } from 'react-router';
import { api } from '#src/lib/api-client';
import { errorMessage } from '#src/lib/api-error';
import { useAuth } from '#src/lib/bootstrap-store';
import { useTrans } from '#src/lib/i18n';
import { paths } from '#src/lib/paths';
import { toast } from '#src/ui/toast';

export const LIKED_IDS_QUERY_KEY = ['library', 'liked-ids'] as const;

const EMPTY_IDS: LikedIdsResponse = {
  track: [],
  album: [],
  artist: [],
  followed_artists: [],
  followed_users: [],
};

/** GET me/likes/ids: every id the user liked or follows, so hearts render without a call per row. */
export async function fetchLikedIds(signal?: AbortSignal): Promise<LikedIdsResponse> {
  return api.call(library.likedIds, { signal });
}

export const likedIdsQueryOptions = () =>
  queryOptions({ queryKey: LIKED_IDS_QUERY_KEY, queryFn: ({ signal }) => fetchLikedIds(signal) });

/** The signed-in user's liked and followed ids; empty lists for a guest (nothing is fetched). */
export function useLikedIds() {
  const { isLoggedIn } = useAuth();
  const query = useQuery({ ...likedIdsQueryOptions(), enabled: isLoggedIn });
  return { ...query, ids: query.data ?? EMPTY_IDS };
}

/** PUT (like) or DELETE (unlike) me/likes/{type}/{id} → {liked}. */
export async function setLike(type: LikeableType, id: number, liked: boolean): Promise<boolean> {
  const res = await api.call(liked ? library.like : library.unlike, { params: { type, id } });
  return res.liked;
}

/** Lists that change when a like changes (liked songs, liked albums, artist lists...). */
export const likedListKey = (type: LikeableType) => ['library', `liked-${type}s`] as const;

const LIKED_TEXT: Record<LikeableType, [string, string]> = {
  track: [msg('Added to liked songs'), msg('Removed from liked songs')],
  album: [msg('Added to your library'), msg('Removed from your library')],
  artist: [msg('Added to your library'), msg('Removed from your library')],
};

/**
 * Heart state and toggle for one track, album or artist. The heart flips at once (optimistic) and
 * flips back with an error toast if the server refuses; a guest is sent to the login page.
 */
export function useLikeToggle(type: LikeableType, id: number) {
  const { isLoggedIn } = useAuth();
  const { ids } = useLikedIds();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { trans } = useTrans();
  const liked = ids[type].includes(id);

  const mutation = useMutation({
    mutationFn: (next: boolean) => setLike(type, id, next),
    meta: { handlesErrors: true },
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: LIKED_IDS_QUERY_KEY });
      const previous = queryClient.getQueryData<LikedIdsResponse>(LIKED_IDS_QUERY_KEY);
      queryClient.setQueryData<LikedIdsResponse>(LIKED_IDS_QUERY_KEY, (old) => {
        const base = old ?? EMPTY_IDS;
        const without = base[type].filter((x) => x !== id);
        return { ...base, [type]: next ? [id, ...without] : without };
      });
      return { previous };
    },
    onError: (err, _next, context) => {
      if (context?.previous) queryClient.setQueryData(LIKED_IDS_QUERY_KEY, context.previous);
      toast.danger(errorMessage(err));
    },
    onSuccess: (_liked, next) => {
      toast.positive(trans(LIKED_TEXT[type][next ? 0 : 1]));
      void queryClient.invalidateQueries({ queryKey: likedListKey(type) });
    },
  });

  const toggle = () => {
    if (!isLoggedIn) {
      navigate(paths.login());
      return;
    }
    mutation.mutate(!liked);
  };
  return { liked, toggle, isPending: mutation.isPending };
}
