import type { FastifyError, FastifyInstance } from 'fastify';
import {
  RETURN_PHOTO_MAX_BYTES,
  RETURNS_ROUTES,
  RETURNS_SCHEMAS,
  toRouterPath,
} from '@sorting/contracts';
import { wordingOf } from '../../http/error-handler.js';
import { registerRoutes } from '../../http/typed-routes.js';
import { refusal } from '../../lib/refusal.js';
import type { ReturnsService } from './returns.service.js';

/**
 * The image route takes a 10 MiB photo as base64 (4/3 of it) in JSON, with room for a
 * `data:` prefix and a slightly larger photo, which then gets its own photoTooLarge answer;
 * every other route keeps the server's 1 MiB limit.
 */
export const RETURN_IMAGE_BODY_LIMIT = Math.ceil(RETURN_PHOTO_MAX_BYTES / 3) * 4 + 1024 * 1024;

const UPLOAD = RETURNS_ROUTES.uploadPhoto;

/**
 * Spec part 1 §7 "Returns": the routes of `RETURNS_ROUTES` (paths, access and schemas are in
 * packages/contracts). The upload alone reads a larger body: its session is checked before
 * the body (`onRequest` of the shared registration), so a stranger never makes the server
 * take in 14 MiB, and a body over even this limit is still a too-large photo (f-0007).
 */
export async function returnsRoutes(
  app: FastifyInstance,
  options: { service: ReturnsService },
): Promise<void> {
  const { service } = options;

  app.addHook('onRoute', (route) => {
    if (route.method !== UPLOAD.method || route.url !== toRouterPath(UPLOAD.path)) return;
    route.bodyLimit = RETURN_IMAGE_BODY_LIMIT;
    route.errorHandler = (error: FastifyError, request, reply) => {
      if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
      const tooLarge = refusal('photoTooLarge', 'photoTooLarge', {
        megabytes: RETURN_PHOTO_MAX_BYTES / 1024 / 1024,
      });
      return reply
        .code(tooLarge.status)
        .send(
          app.envelopeCasing.present(request, tooLarge.toEnvelope(wordingOf(tooLarge, request))),
        );
    };
  });

  registerRoutes(app, RETURNS_ROUTES, RETURNS_SCHEMAS, {
    policies: async ({ body, call }) => service.policies(body, call),
    accept: async ({ body, call }) => service.accept(body, call),
    uploadPhoto: async ({ body, call }) => service.uploadPhoto(body, call),
    deletePhoto: async ({ params, call }) => service.deletePhoto(params.id, call),
    readPhoto: async ({ params, call, reply }) => {
      const photo = await service.readPhoto(params.id, call);
      return reply
        .type(photo.contentType)
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(photo.bytes);
    },
    listReturns: async ({ query, call }) => service.listReturns(query.barcode, call),
  });
}
