import type { User, WorkspaceRole } from '@zema/contracts';

/**
 * Who is calling, as a service needs it: plain values a route takes from the request
 * (`callerOf`, http/caller.ts), so services never see a request (decision 0019) and can be called
 * from a script or a job with a caller made up there.
 */
export interface Caller {
  /** The signed-in user (bootstrap shape: roles and permissions). */
  user: User;
  /** How they signed in: a browser session cookie or a personal access token. */
  via: 'session' | 'token';
  /** The browser session's id (sha256 of its cookie, = sessions.id); null for a token. */
  sessionId: string | null;
  /**
   * The active workspace the request named (`?workspaceId`, membership already checked by the
   * workspace plugin) and the caller's role there; id 0 and role null = the personal workspace.
   */
  workspace: { id: number; role: WorkspaceRole | null };
}

/**
 * The browser a request came from, for checks that are per browser rather than per account
 * (human verification): its XSRF cookie hashed, which every POST carries, and its address
 * (`browserOf`, http/caller.ts).
 */
export interface BrowserRef {
  key: string | null;
  ip: string;
}
