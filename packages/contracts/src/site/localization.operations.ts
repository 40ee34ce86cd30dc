import { changeLocaleRequestSchema, changeLocaleResponseSchema } from '../account/account';
import { defineOperations } from '../operation';

export const localization = defineOperations('Users', {
  changeLocale: {
    method: 'POST',
    path: '/api/v1/users/me/locale',
    access: 'user',
    body: changeLocaleRequestSchema,
    response: changeLocaleResponseSchema,
    summary: 'Change the language',
  },
});
