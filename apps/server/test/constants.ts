export const TEST_ADMIN_EMAIL = 'admin@zema.local';
export const TEST_ADMIN_PASSWORD = 'admin-test-password';
