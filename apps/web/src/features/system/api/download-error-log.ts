import { operationPath } from '@zema/contracts/operation';
import { logs } from '@zema/contracts/system/logs.operations';

/**
 * The error log downloads are plain links (the browser saves the attachment, with the session
 * cookie): the latest file (SPEC §7) or one day's.
 */
export const latestErrorLogUrl = () => logs.downloadLatestError.path;

export const errorLogDayUrl = (day: string) => operationPath(logs.downloadErrorDay.path, { day });
