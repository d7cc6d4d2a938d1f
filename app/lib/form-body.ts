import { data } from 'react-router';

/**
 * The form a page action was sent. A body that is no form (another content type, a broken
 * multipart) or holds a NUL character (which PostgreSQL text cannot store) is bad input: a 4xx
 * for the error page, never a 500 from a throwing parser or query.
 */
export async function readForm(request: Request): Promise<FormData> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw data(null, { status: 415 });
  }
  for (const [name, value] of form) {
    if (name.includes('\u0000') || (typeof value === 'string' && value.includes('\u0000'))) throw data(null, { status: 400 });
  }
  return form;
}
