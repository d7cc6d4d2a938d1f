import { useId } from 'react';
import { usePopup } from '../../components/dropdown-menu';
import { useTranslation } from '../../i18n/react';

/** Common emoji of a dating chat, in a compact grid (no library: a few bytes instead of a picker's hundreds of KB). */
export const EMOJI = [
  '😀', '😂', '😊', '😍', '🥰', '😘', '😉', '😎', '🤗', '🤔', '😏', '😇',
  '😅', '🙈', '😜', '🥺', '😢', '😮', '😴', '🤤', '👋', '👍', '🙏', '👏',
  '💪', '❤️', '💕', '💋', '🔥', '✨', '🌹', '🌸', '🍷', '🥂', '☕', '🍕',
  '🎉', '🎁', '☀️', '🌙', '🌈', '⭐', '💯', '😈',
];

/** A button that opens the emoji grid; a chosen emoji is handed to `onPick` (inserted at the cursor). */
export function EmojiPicker({ onPick, disabled }: { onPick: (emoji: string) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const { open, setOpen, rootRef } = usePopup();
  const gridId = useId();
  return (
    <div className="rv-emoji position-relative" ref={rootRef}>
      <button
        type="button"
        className="btn btn-light rv-composer-button"
        aria-label={t('chat:composer.emoji')}
        title={t('chat:composer.emoji')}
        aria-expanded={open}
        aria-controls={gridId}
        disabled={disabled}
        onClick={() => setOpen(!open)}
        data-testid="emoji-button"
      >
        <span aria-hidden="true">😊</span>
      </button>
      {open && (
        <div className="rv-emoji-grid shadow" id={gridId} role="group" aria-label={t('chat:composer.emoji')}>
          {EMOJI.map((emoji) => (
            <button key={emoji} type="button" className="btn btn-sm" onClick={() => onPick(emoji)}>
              {emoji}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
