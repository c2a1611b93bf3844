/**
 * The one error type the services throw. Its message is shown to people as it is, so it must be
 * written for them; anything else that reaches the error handler becomes a generic 500.
 */
export class AppError extends Error {
  /** Seconds to wait, sent as the Retry-After header of a 429. */
  retryAfter?: number;

  constructor(
    readonly statusCode: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(message: string, fields?: Record<string, string>) {
    return new AppError(400, message, fields);
  }
  static unauthorized(message = 'Unauthorized') {
    return new AppError(401, message);
  }
  static forbidden(message = 'Forbidden') {
    return new AppError(403, message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, message);
  }
  static conflict(message: string) {
    return new AppError(409, message);
  }
  /** A 429 whose message says when to try again; the error handler sends Retry-After too. */
  static tooManyRequests(message: string, retryAfterSeconds: number) {
    const error = new AppError(429, message);
    error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
    return error;
  }
}
