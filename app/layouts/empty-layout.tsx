import { Outlet } from 'react-router';
import { EntryWarning } from '../features/shell/entry-warning';

/** Empty layout: content only; entry warning for NL and DE only. */
export default function EmptyLayout() {
  return (
    <>
      <main id="content">
        <Outlet />
      </main>
      <EntryWarning strictCountriesOnly />
    </>
  );
}
