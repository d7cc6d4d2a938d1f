import { useEffect, useSyncExternalStore } from 'react';
import { progress } from '../../lib/progress';

const HIDDEN = { visible: false, percent: 0 };

/** The thin bar at the top while API requests run (see lib/progress.ts for its timing). */
export function ProgressBar() {
  const state = useSyncExternalStore(progress.subscribe, progress.getSnapshot, () => HIDDEN);
  useEffect(() => {
    if (!state.visible) return;
    const timer = setInterval(() => progress.tick(), 100);
    return () => clearInterval(timer);
  }, [state.visible]);
  return (
    <div className="rv-progress" aria-hidden="true">
      <div className="rv-progress-bar" style={{ width: `${state.percent}%`, opacity: state.visible ? 1 : 0 }} />
    </div>
  );
}
