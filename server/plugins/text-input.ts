import fp from 'fastify-plugin';
import { ApiError } from '../http/api-error';

/** How deep a request's JSON is looked into (deeper input is refused by the schemas anyway). */
const MAX_DEPTH = 8;

/**
 * Whether a parsed JSON value (plain objects, arrays, strings) holds the NUL character
 * anywhere. PostgreSQL text cannot store it: such input must be refused as invalid before it
 * reaches a query, which would fail with a server error.
 */
export function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((v) => hasNulCharacter(v, depth + 1));
  // Plain objects only: an unparsed body (a page form's stream, an uploaded image) is not text input.
  if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulCharacter(v, depth + 1));
}

/**
 * Query and path parameters are dictionaries Fastify parses itself, whatever their prototype
 * (fast-querystring's objects have neither Object.prototype nor null as theirs, so the plain-object
 * rule of hasNulCharacter would skip them).
 */
export function hasNulInParameters(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return hasNulCharacter(value);
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNulCharacter(v, 1));
}

/** Every request: a NUL character in the body, query or path parameters is invalid input (400). */
export const textInputPlugin = fp(
  async (app) => {
    app.addHook('preValidation', (request, _reply, done) => {
      done(hasNulCharacter(request.body) || hasNulInParameters(request.query) || hasNulInParameters(request.params) ? new ApiError(400, 'errors.invalidInput') : undefined);
    });
  },
  { name: 'text-input', dependencies: ['error-handler'] },
);
