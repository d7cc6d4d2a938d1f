import { data } from 'react-router';

/** Any path outside the route table: the error page with status 404. */
export async function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
