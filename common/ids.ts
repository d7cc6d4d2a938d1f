import { z } from 'zod';

/** The largest id a database row has (PostgreSQL integer): a bigger one is bad input, not a server error. */
export const MAX_ID = 2_147_483_647;

/** A row id in a JSON body. */
export const idSchema = z.number().int().positive().max(MAX_ID);
/** A row id in a query string or form field. */
export const idParamSchema = z.coerce.number().int().positive().max(MAX_ID);

/** The query of a GET that names one row (`?id=`). */
export const idQuerySchema = z.object({ id: idParamSchema });
