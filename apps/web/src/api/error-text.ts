import type { ErrorParams } from '@qr-menu/contract';
import { ApiError } from './api-error';

/** What a translation is filled in with: the error's params, and `context` (i18next: `<key>_<context>`). */
export type ErrorTextOptions = ErrorParams & { context?: string };

/**
 * Turns any thrown value into a translated sentence: the server's messageKey, else its message, else a fallback.
 * Takes the translator so that the admin (i18next) and the guest pages (their own small t()) share the rule.
 * The error's params fill the text (`{{max}}`); a `what` param also picks the wording for that kind of thing, as
 * i18next's context: `errors.limitReached_dishes`, falling back to `errors.limitReached`. A whole sentence per kind
 * reads right in Azerbaijani and Russian, where a translated word put into one sentence would take the wrong form.
 * (limitReached's sentences per kind are admin texts: features/admin/shared/i18n, not the guest pages' strings.)
 * A server fault (5xx) ends with the request's id ("Request id: …"), which the server's log lines carry.
 */
export function errorText(
  err: unknown,
  t: (key: string, options?: ErrorTextOptions) => string,
  exists: (key: string) => boolean,
  fallbackKey = 'errors.unknown',
): string {
  if (err instanceof ApiError) {
    return apiErrorSentence(err, t, exists, fallbackKey) + requestIdNote(faultRequestId(err), t);
  }
  if (err instanceof TypeError) return t('errors.network');
  if (err instanceof Error && err.message) return err.message;
  return t(fallbackKey);
}

/**
 * The request id to show with an error: a fault on the server's side (5xx) has one the person can quote, and whoever
 * reads the logs finds the request by it. A refusal of the person's own input (4xx) has nothing to report.
 */
export function faultRequestId(err: unknown): string | undefined {
  return err instanceof ApiError && err.status >= 500 ? err.requestId : undefined;
}

/** What an error's sentence ends with when it has a request id (" Request id: …"), else nothing. */
export function requestIdNote(requestId: string | undefined, t: (key: string) => string): string {
  return requestId ? ` ${t('errors.requestId')} ${requestId}` : '';
}

function apiErrorSentence(
  err: ApiError,
  t: (key: string, options?: ErrorTextOptions) => string,
  exists: (key: string) => boolean,
  fallbackKey: string,
): string {
  if (err.messageKey && exists(`errors.${err.messageKey}`)) {
    const what = err.params.what;
    return t(`errors.${err.messageKey}`, typeof what === 'string' ? { ...err.params, context: what } : err.params);
  }
  return err.message || t(fallbackKey);
}
