/** The users feature's face: what other features and app/ use of it. */
export { useUsersList } from './api/list-users';
