import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's per-request log lines at the level an operator needs (docs/
 * DECISIONS.md "Serving and shutdown"): one user's day wrote 4,600 info lines in 25 minutes,
 * two for every request. Now a request is written at debug ("incoming request", "request
 * completed"), and its completed line at info only when it failed (HTTP status 400 or more)
 * or took `slowMs` or longer ("slow request"). Refusals answered 200 in the envelope have the
 * error handler's own "request refused" line at info.
 */
export class RequestLogController extends LogController {
  readonly #slowMs: number;

  constructor(slowMs: number) {
    super();
    this.#slowMs = slowMs;
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const responseTime = reply.elapsedTime;
    // The call is named here, since its "incoming request" line is at debug.
    const line = { req: request, res: reply, responseTime };
    if (error) {
      reply.log.error({ ...line, err: error }, 'request errored');
    } else if (responseTime >= this.#slowMs) {
      reply.log.info(line, 'slow request');
    } else if (reply.statusCode >= 400) {
      reply.log.info(line, 'request completed');
    } else {
      reply.log.debug(line, 'request completed');
    }
  }
}
