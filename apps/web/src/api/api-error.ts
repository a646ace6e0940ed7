import type { ErrorDetail, ErrorParams } from '@qr-menu/contract';

/** A failed API call. `messageKey` comes from the server body (translated as `errors.<key>`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string | undefined,
    message: string,
    readonly details: ErrorDetail[] = [],
    /** Values of the message (e.g. `closedNow`'s `opensAt`), from the body's `params`. */
    readonly params: ErrorParams = {},
    /**
     * The server's id of the request (its log lines carry it), for the person to quote. From the error body only: this
     * module is in the chunk every page loads, and importing the header's name from the contract there would pull the
     * contract's constants into that chunk.
     */
    readonly requestId?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Reads an error body as JSON, falling back to text (a proxy or a crash may answer plain text). */
export async function toApiError(res: Response): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  try {
    const body = JSON.parse(text) as {
      messageKey?: string;
      message?: string;
      details?: ErrorDetail[];
      params?: ErrorParams;
      requestId?: string;
    };
    return new ApiError(
      res.status,
      body.messageKey,
      body.message ?? `Error: ${res.status}`,
      body.details ?? [],
      body.params ?? {},
      body.requestId,
    );
  } catch {
    return new ApiError(res.status, undefined, text || `API Error: ${res.status} ${res.statusText}`);
  }
}
