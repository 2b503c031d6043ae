// How the real gateway adapters (payments, SMS) reach their providers: one injected function over
// HTTP. The server passes fetchTransport; tests pass a fake that plays the provider byte for byte,
// so no test needs a network.

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface HttpResponse {
  status: number;
  /** header names in lower case */
  headers: Record<string, string>;
  body: string;
}

export type HttpTransport = (req: HttpRequest) => Promise<HttpResponse>;

/** A failure to reach the provider at all (network, timeout): the same call may work later. */
export class TransportError extends Error {
  constructor(
    message: string,
    /** the request was sent and no answer came in time: the provider may still have acted on it */
    readonly timedOut = false,
  ) {
    super(message);
    this.name = 'TransportError';
  }
}

/**
 * The real transport: global fetch with a time limit. Never logs the request (it carries credentials).
 * `followRedirects: false`: a redirect is a failure (a caller that checked where it sends a request
 * must not be led somewhere it did not check).
 */
export function fetchTransport(timeoutMs = 10_000, { followRedirects = true }: { followRedirects?: boolean } = {}): HttpTransport {
  return async (req) => {
    let res: Response;
    try {
      res = await fetch(req.url, {
        method: req.method,
        headers: req.headers,
        ...(req.body !== undefined ? { body: req.body } : {}),
        signal: AbortSignal.timeout(timeoutMs),
        ...(followRedirects ? {} : { redirect: 'error' as const }),
      });
    } catch (err) {
      const name = (err as Error).name;
      throw new TransportError(`${new URL(req.url).host} unreachable: ${name}`, name === 'TimeoutError');
    }
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => (headers[k.toLowerCase()] = v));
    return { status: res.status, headers, body: await res.text() };
  };
}
