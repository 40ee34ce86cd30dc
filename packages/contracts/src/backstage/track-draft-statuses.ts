/** A backstage track's analysis states, from its upload to ready or failed. */
export const TRACK_DRAFT_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
