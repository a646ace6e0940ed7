import { describe, expect, it } from 'vitest';
import en from '../i18n/en.json';
import { ApiError, toApiError } from './api-error';
import { errorText } from './error-text';

/** English texts by key, as the translators do (no interpolation needed here). */
const texts = en as unknown as Record<string, Record<string, string>>;
const t = (key: string) => {
  const [section, name] = key.split('.');
  return texts[section]?.[name] ?? key;
};
const exists = (key: string) => t(key) !== key;

const response = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers });

describe('request ids in error texts', () => {
  it('a server fault says its request id, from the body', async () => {
    const err = await toApiError(
      response(
        500,
        JSON.stringify({ messageKey: 'internal', message: 'x', requestId: 'b1e0c2d4-0000-4000-8000-1234' }),
      ),
    );
    expect(err.requestId).toBe('b1e0c2d4-0000-4000-8000-1234');
    expect(errorText(err, t, exists)).toBe(
      'Something went wrong on our side. Please try again. Request id: b1e0c2d4-0000-4000-8000-1234',
    );
  });

  it('an answer that is not ours (a proxy answered) has no id', async () => {
    const err = await toApiError(response(502, 'Bad Gateway', { 'x-request-id': 'nginx-7f3a9c01' }));
    expect(err.requestId).toBeUndefined();
    expect(errorText(err, t, exists)).toBe('Bad Gateway');
  });

  it("a refusal of the person's own input (4xx) is only its sentence", async () => {
    const err = await toApiError(
      response(409, JSON.stringify({ messageKey: 'orderClosed', message: 'x', requestId: 'b1e0c2d4-0000-4000' })),
    );
    expect(err.requestId).toBe('b1e0c2d4-0000-4000');
    expect(errorText(err, t, exists)).toBe(t('errors.orderClosed'));
    expect(errorText(err, t, exists)).not.toContain('b1e0c2d4');
  });

  it('an error made in the browser has no id', () => {
    expect(errorText(new ApiError(503, 'serviceUnavailable', 'x'), t, exists)).toBe(t('errors.serviceUnavailable'));
  });
});
