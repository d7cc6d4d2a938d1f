/** True when the site runs as an installed app (home-screen PWA), not in a browser tab. */
export function isInstalledApp(win: Window): boolean {
  const standalone = (win.navigator as Navigator & { standalone?: boolean }).standalone === true;
  return standalone || win.matchMedia?.('(display-mode: standalone)').matches === true;
}
