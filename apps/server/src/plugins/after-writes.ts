import type { FastifyInstance, FastifyRequest, RouteOptions, onSendHookHandler } from 'fastify';

const isWrite = (method: RouteOptions['method']) =>
  (Array.isArray(method) ? method : [method]).some((m) => m !== 'GET' && m !== 'HEAD');

/**
 * Calls `written(request)` after every write route (not GET/HEAD) whose URL matches `pattern` has handled a request
 * (its transaction committed), before the response leaves — unless it answered 4xx (a refused request changed
 * nothing; a 5xx may have, after a commit). Register before the routes: the onRoute hook sees only routes added later.
 */
export function afterWrites(app: FastifyInstance, pattern: RegExp, written: (request: FastifyRequest) => void) {
  const hook: onSendHookHandler = async (request, reply, payload) => {
    if (reply.statusCode < 400 || reply.statusCode >= 500) written(request);
    return payload;
  };
  app.addHook('onRoute', (route) => {
    if (!isWrite(route.method) || !pattern.test(route.url)) return;
    route.onSend = [...(route.onSend ? [route.onSend].flat() : []), hook];
  });
}
