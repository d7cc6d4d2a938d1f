import { Link, Outlet } from 'react-router';
import { Footer } from '../features/shell/footer';
import { Disclaimer } from '../features/shell/disclaimer';
import { EntryWarning } from '../features/shell/entry-warning';
import { useRootData } from '../lib/use-root-data';
import { paths } from '../paths';

/** Lander layout: logo bar, content, footer, disclaimer; entry warning for NL and DE only. */
export default function LanderLayout() {
  const { settings } = useRootData();
  return (
    <div className="d-flex flex-column min-vh-100">
      <header className="rv-topbar py-2">
        <div className="container">
          <Link className="navbar-brand text-white fw-bold" to={paths.home()}>
            {settings.name}
          </Link>
        </div>
      </header>
      <main id="content" className="flex-grow-1">
        <Outlet />
      </main>
      <Footer />
      <Disclaimer />
      <EntryWarning strictCountriesOnly />
    </div>
  );
}
