/**
 * The area under the top bar where member alerts appear (activation reminder,
 * profile-photo, push and disabled-notification alerts, the time-bonus banner). It is
 * empty for visitors; the features that own each alert render into it.
 */
export function WarningBanners({ children }: { children?: React.ReactNode }) {
  if (!children) return null;
  // Each alert brings its own top margin; an empty region takes no space (theme.scss).
  return (
    <div className="container warning-banners" role="region" aria-live="polite">
      {children}
    </div>
  );
}
