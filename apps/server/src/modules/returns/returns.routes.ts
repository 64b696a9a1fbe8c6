import type { FastifyError, FastifyInstance } from 'fastify';
import {
  AppError,
  RETURN_PHOTO_MAX_BYTES,
  ZReturn2Request,
  ZReturnImageParams,
  ZReturnImageRequest,
  ZReturnPoliciesRequest,
  ZReturnsQuery,
} from '@sorting/contracts';
import { answer, answerOutcome, callContextOf } from '../../http/route-context.js';
import { messageFor } from '../../i18n/messages.js';
import type { ReturnsService } from './returns.service.js';

/**
 * The image route takes a 10 MiB photo as base64 (4/3 of it) in JSON, with room for a
 * `data:` prefix and a slightly larger photo, which then gets its own photoTooLarge answer;
 * every other route keeps the server's 1 MiB limit.
 */
export const RETURN_IMAGE_BODY_LIMIT = Math.ceil(RETURN_PHOTO_MAX_BYTES / 3) * 4 + 1024 * 1024;

/** Spec part 1 §7 "Returns": `/returns-api/return/…`, PascalCase envelope. */
export async function returnsRoutes(
  app: FastifyInstance,
  options: { service: ReturnsService },
): Promise<void> {
  const { service } = options;
  const guarded = { preHandler: app.requireSession };

  app.post('/returns-api/return/policies', guarded, async (request) => {
    const body = ZReturnPoliciesRequest.parse(request.body ?? {});
    return answer(app, request, await service.policies(body, callContextOf(request)));
  });

  app.post('/returns-api/return/return2', guarded, async (request) => {
    const body = ZReturn2Request.parse(request.body ?? []);
    return answerOutcome(app, request, await service.accept(body, callContextOf(request)));
  });

  app.post(
    '/returns-api/return/image',
    {
      // Before the body is read: a stranger never makes the server take in 14 MiB.
      onRequest: app.requireSession,
      bodyLimit: RETURN_IMAGE_BODY_LIMIT,
      // A body over even this limit is still a too-large photo to the worker (f-0007).
      errorHandler: (error: FastifyError, request, reply) => {
        if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
        const refusal = new AppError('photoTooLarge', {
          message: messageFor(request, 'photoTooLarge', {
            megabytes: RETURN_PHOTO_MAX_BYTES / 1024 / 1024,
          }),
        });
        return reply
          .code(refusal.status)
          .send(app.envelopeCasing.present(request, refusal.toEnvelope()));
      },
    },
    async (request) => {
      const body = ZReturnImageRequest.parse(request.body ?? {});
      return answerOutcome(app, request, await service.uploadPhoto(body, callContextOf(request)));
    },
  );

  app.delete('/returns-api/return/image/:id', guarded, async (request) => {
    const { id } = ZReturnImageParams.parse(request.params);
    return answerOutcome(app, request, await service.deletePhoto(id, callContextOf(request)));
  });

  app.get('/returns-api/return/image/:id', guarded, async (request, reply) => {
    const { id } = ZReturnImageParams.parse(request.params);
    const photo = await service.readPhoto(id, callContextOf(request));
    return reply
      .type(photo.contentType)
      .header('cache-control', 'private, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(photo.bytes);
  });

  app.get('/returns-api/return/returns', guarded, async (request) => {
    const { barcode } = ZReturnsQuery.parse(request.query ?? {});
    return answer(app, request, await service.listReturns(barcode, callContextOf(request)));
  });
}
