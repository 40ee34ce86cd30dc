import { defineOperations } from '../operation';
import { ANALYTICS_VIEW_PERMISSION, analyticsQuerySchema, analyticsResponseSchema } from './analytics';

export const analytics = defineOperations('Analytics', {
  /**
   * The whole dashboard in one answer: KPI cards against the previous period, plays and listeners
   * over time, top tracks, artists and albums, plays by country, device type, platform and browser.
   * A bad time zone, a missing or reversed custom range or one over 366 days is 422.
   */
  dashboard: {
    method: 'GET',
    path: '/api/v1/admin/analytics',
    access: { permission: ANALYTICS_VIEW_PERMISSION },
    query: analyticsQuerySchema,
    response: analyticsResponseSchema,
    summary: 'Admin dashboard analytics for a range in a time zone',
  },
});
