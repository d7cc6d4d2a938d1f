import { Outlet } from 'react-router';
import { EntryWarning } from '../features/shell/entry-warning';

/** Chat layout: the conversation fills the screen; entry warning for NL and DE only. */
export default function ChatLayout() {
  return (
    <div className="rv-chat-shell d-flex flex-column">
      <main id="content" className="flex-grow-1 d-flex">
        <Outlet />
      </main>
      <EntryWarning strictCountriesOnly />
    </div>
  );
}
