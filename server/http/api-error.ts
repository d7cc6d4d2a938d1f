/**
 * An error the API answers with a 4xx and a message in the visitor's language.
 * `key` is a translation key of the common namespace (errors.*).
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly vars: Record<string, string | number> = {},
    /** The input field the message is about, for forms that show it beside that field. */
    readonly field?: string,
  ) {
    super(key);
    this.name = 'ApiError';
  }
}

export const notFound = (key = 'errors.notFound') => new ApiError(404, key);
export const badRequest = (key = 'errors.invalidInput', vars: Record<string, string | number> = {}) => new ApiError(400, key, vars);
