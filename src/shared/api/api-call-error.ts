/**
 * The error of an API call that was answered with a 400–599 status (SPEC §8 "errors raised for 400
 * to 599"). Its own module: code that only inspects errors (the generate form, job polling) must not
 * pull the HTTP client into the page before it is needed.
 * @module
 */

/** Raised for a 400–599 answer; carries the status, the first error code of the envelope and the headers (e.g. `Retry-After`). */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: unknown,
    readonly headers: Headers = new Headers(),
  ) {
    super(message)
    this.name = 'ApiCallError'
  }
}
