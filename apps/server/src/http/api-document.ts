import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import {
  createJsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';

/** The API document (OpenAPI 3.1, generated from the routes' zod schemas). */
export const API_DOCUMENT_PATH = '/openapi.json';
/** Its human page (Swagger UI, served by the server itself: no CDN on a warehouse LAN). */
export const API_DOCUMENT_PAGE = '/api-docs';

/**
 * Schemas on the routes: fastify-type-provider-zod validates requests and answers
 * with each route's zod schemas, and @fastify/swagger publishes them. Registered before every
 * route, since both hook into route registration.
 */
export async function registerApiDocument(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Sorting (Сортировка) API',
        description:
          'The calls of the Sorting web app, as the specification names them. Answers are ' +
          'envelopes (IsSuccess, Message, ErrorCode, IsCriticalError, IsRepeat, OperationObject) ' +
          'in the casing of their service; a change sends X-Operation-Id and a replay answers ' +
          'IsRepeat. Signed-in calls need the session cookie and X-Requested-With: sorting.',
        version: '1',
      },
    },
    // Routes declared without a schema (the SPA, the hub's socket) stay out of the document.
    hideUntagged: true,
    transform: createJsonSchemaTransform({ skipList: [] }),
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_DOCUMENT_PAGE });
  app.get(API_DOCUMENT_PATH, { schema: { hide: true } }, () => app.swagger());
}
