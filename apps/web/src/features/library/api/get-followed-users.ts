import { useInfiniteQuery } from '@tanstack/react-query';
import { library } from '@zema/contracts/library/library.operations';
import { useAuth } from '#src/lib/bootstrap-store';
import { libraryListOptions } from '#src/lib/paginated';

/** GET me/follows/users?page: people the user follows. */
export const followedUsersQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'followed-users'], library.followedUsers, { perPage });

export function useFollowedUsers(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...followedUsersQueryOptions(perPage), enabled: isLoggedIn });
}
