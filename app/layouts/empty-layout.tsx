import { Outlet } from 'react-router';
import { EntryWarning } from '../features/shell/entry-warning';
import { SignupModalHost } from '../features/signup/signup-modal-host';

/** Empty layout: content, entry warning (NL and DE only), signup modal. */
export default function EmptyLayout() {
  return (
    <>
      <main id="content">
        <Outlet />
      </main>
      <EntryWarning strictCountriesOnly />
      <SignupModalHost />
    </>
  );
}
