import type { UploadSettings } from '@zema/contracts';
import { createMultipartTransport } from './multipart-transport';
import { createPlainTransport } from './plain-transport';
import { createS3SimpleTransport } from './s3-simple-transport';
import { createTusTransport } from './tus-transport';
import type { UploadTransports } from './upload-types';

/** The real network paths of SPEC §7, one per UploadPath. */
export function createDefaultTransports(settings: () => UploadSettings): UploadTransports {
  return {
    plain: createPlainTransport(),
    tus: createTusTransport({ settings }),
    's3-simple': createS3SimpleTransport({ settings }),
    's3-multipart': createMultipartTransport(),
  };
}
