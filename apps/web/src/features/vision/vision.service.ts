import { VISION_ROUTES } from '@sorting/contracts';
import type { ApiClient } from '../../lib/api-client';
import type { VisionPorts } from './vision.machine';

/** The calls of the screen; the page gives the real one, tests give a fake server. */
export type VisionCalls = Pick<VisionPorts, 'loadHistory'>;

/** Spec part 2 §7 "Vision" (`VISION_ROUTES`) over the typed API client. */
export function createVisionService(api: ApiClient): VisionCalls {
  return {
    loadHistory: ({ warehouse, barcode }) =>
      api.call(VISION_ROUTES.boxes, { params: { warehouse }, body: { barcode } }),
  };
}
