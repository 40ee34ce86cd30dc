/** The pages feature's face: custom pages (SPEC §2 `/pages/{slug}`); its page loads by route. */
export { useAdminCustomPages } from './api/admin-pages';
export { customPageQueryOptions, useCustomPage } from './api/get-custom-page';
