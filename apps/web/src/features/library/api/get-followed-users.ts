import { useInfiniteQuery } from '@tanstack/react-query';
import { userRefPageSchema } from '@zema/contracts';
import { useAuth } from '#src/app/bootstrap-store';
import { libraryListOptions } from './paginated';

/** GET me/follows/users?page: people the user follows. */
export const followedUsersQueryOptions = (perPage?: number) =>
  libraryListOptions(['library', 'followed-users'], 'me/follows/users', userRefPageSchema, perPage);

export function useFollowedUsers(perPage?: number) {
  const { isLoggedIn } = useAuth();
  return useInfiniteQuery({ ...followedUsersQueryOptions(perPage), enabled: isLoggedIn });
}
