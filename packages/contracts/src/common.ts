import { z } from 'zod';
import { msg } from './i18n/messages';

/** SPEC §8: the default failure message. */
export const DEFAULT_ERROR_MESSAGE = msg('There was an issue. Please try again.');

/** Plain error answer: `{message}`. */
export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A done answer with a line to show: `{message}`. */
export const messageResponseSchema = z.object({ message: z.string() });

/** 422 answer: `{message, errors: {field: [messages]}}` (SPEC §5, §8). */
export const validationErrorResponseSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponseSchema>;

/** One stack frame of the debug error payload (SPEC §3). */
export const errorFrameSchema = z.object({
  method: z.string(),
  path: z.string(),
  lineNumber: z.number().int(),
  /** Source lines around the failing line, keyed by line number. */
  codeSnippet: z.record(z.string(), z.string()),
  /** Position of the frame in the flat, ungrouped list of frames. */
  flatIndex: z.number().int(),
  isVendor: z.boolean(),
});
export type ErrorFrame = z.infer<typeof errorFrameSchema>;

/** Consecutive vendor (node_modules, node:internal) frames collapsed into one group. */
export const vendorGroupSchema = z.object({
  vendorGroup: z.literal(true),
  items: z.array(errorFrameSchema),
});
export type VendorGroup = z.infer<typeof vendorGroupSchema>;

export const errorTraceItemSchema = z.union([errorFrameSchema, vendorGroupSchema]);
export type ErrorTraceItem = z.infer<typeof errorTraceItemSchema>;

/** Sent with a failed response only when debug mode is on (SPEC §3, RELIABILITY "Input and output"). */
export const debugErrorPayloadSchema = z.object({
  message: z.string(),
  exception: z.string(),
  trace: z.array(errorTraceItemSchema),
  totalVendorGroups: z.number().int(),
});
export type DebugErrorPayload = z.infer<typeof debugErrorPayloadSchema>;

export const paginationSchema = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int().optional(),
    last_page: z.number().int().optional(),
    from: z.number().int().nullable().optional(),
    to: z.number().int().nullable().optional(),
    next_page: z.number().int().nullable().optional(),
    prev_page: z.number().int().nullable().optional(),
    data: z.array(item),
  });

/** Comma-joined array params (`with`, `load`, `loadCount`, SPEC §7). */
export const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean));
