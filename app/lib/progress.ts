import { PROGRESS_DURATION_MS, PROGRESS_HIDE_AFTER_MS, PROGRESS_THROTTLE_MS } from '../../common/limits';

export interface ProgressState {
  visible: boolean;
  /** 0-100 */
  percent: number;
}

type Listener = () => void;

/**
 * The top progress bar of spec section 9: it appears only when work takes longer than
 * 200 ms (throttle), creeps towards the end over 5 s (duration), and hides 500 ms after
 * the last request finished.
 */
export class Progress {
  private active = 0;
  private state: ProgressState = { visible: false, percent: 0 };
  private listeners = new Set<Listener>();
  private showTimer: ReturnType<typeof setTimeout> | null = null;
  private hideTimer: ReturnType<typeof setTimeout> | null = null;
  private startedAt = 0;

  constructor(private readonly now: () => number = () => Date.now()) {}

  start(): void {
    this.active += 1;
    if (this.hideTimer) clearTimeout(this.hideTimer);
    this.hideTimer = null;
    if (this.active > 1 || this.state.visible) return;
    this.showTimer = setTimeout(() => {
      this.showTimer = null;
      this.startedAt = this.now();
      this.set({ visible: true, percent: 10 });
    }, PROGRESS_THROTTLE_MS);
  }

  done(): void {
    this.active = Math.max(0, this.active - 1);
    if (this.active > 0) return;
    if (this.showTimer) {
      clearTimeout(this.showTimer);
      this.showTimer = null;
      return;
    }
    if (!this.state.visible) return;
    this.set({ visible: true, percent: 100 });
    this.hideTimer = setTimeout(() => this.set({ visible: false, percent: 0 }), PROGRESS_HIDE_AFTER_MS);
  }

  /** Percent shown while requests run: eases towards 90% over the duration. */
  tick(): void {
    if (!this.state.visible || this.active === 0) return;
    const elapsed = this.now() - this.startedAt;
    const percent = 10 + 80 * Math.min(1, elapsed / PROGRESS_DURATION_MS);
    this.set({ visible: true, percent });
  }

  getSnapshot = (): ProgressState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(state: ProgressState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }
}

export const progress = new Progress();
