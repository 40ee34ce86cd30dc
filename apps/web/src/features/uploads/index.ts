/** The uploads feature's face: what other features and app/ use of it. */
export {
  addSingleFile,
  isUploading,
  UploadQueueButton,
  UploadQueueProgress,
  useLatestUpload,
} from './components/upload-queue-compact';
export { UploadQueuePanel } from './components/upload-queue-panel';
export type { UploadFollowUp, UploadPreflight } from './lib/upload-types';
export { useOnUploaded, useUploadQueue } from './lib/use-upload-queue';
