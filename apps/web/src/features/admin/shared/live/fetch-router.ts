import { vi } from 'vitest';
import { jsonResponse } from '../../../../test/render';

export interface FetchCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * A fetch stub for screen tests: `routes` maps "METHOD /path" (the path without the query) to the answer's body,
 * or to a function of the request's body. Unknown requests answer 404. `calls` records every request.
 */
export function stubFetch(routes: Record<string, unknown | ((body: unknown, url: string) => unknown)>) {
  const calls: FetchCall[] = [];
  const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const key = `${method} ${url.split('?')[0]}`;
    if (!(key in routes)) return jsonResponse({ messageKey: 'notFound', message: key }, 404);
    const answer = routes[key];
    return jsonResponse(typeof answer === 'function' ? answer(body, url) : answer);
  });
  return { calls, spy, requests: (method: string) => calls.filter((c) => c.method === method) };
}
