/** The users feature's face: what other features and app/ use of it. */

export { useAssignableRoles } from './api/list-roles';
export { useUsersList } from './api/list-users';
