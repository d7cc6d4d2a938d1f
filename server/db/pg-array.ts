/** A PostgreSQL array literal of integers, sent as one parameter (`${intArray(ids)}::int[]`). */
export const intArray = (ids: readonly number[]): string => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;
