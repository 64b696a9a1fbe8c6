import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../http/server-module.js';
import { createDocumentSigner } from './document-signer.js';
import { documentsFlowRoutes } from './documents-flow.routes.js';
import { createDocumentsFlowRepository } from './documents-flow.repository.js';
import { createDocumentsFlowService } from './documents-flow.service.js';

/** Legal document flow: lists, signing, refusals (spec part 2 §7). */
export async function registerDocumentsFlow(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { config } = deps;
  await app.register(documentsFlowRoutes, {
    service: createDocumentsFlowService({
      db: deps.database.db,
      repository: createDocumentsFlowRepository,
      signer: createDocumentSigner({
        signingKey: config.documentSigningKey,
        dataDir: config.dataDir,
      }),
      now: deps.now,
    }),
  });
}
