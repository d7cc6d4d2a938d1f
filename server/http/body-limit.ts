/** The largest request body the server reads, for the API and for page forms alike. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
