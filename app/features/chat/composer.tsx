import { useRef, type ChangeEvent, type KeyboardEvent } from 'react';
import { PHOTO_FILE_TYPES } from '../../../common/photos/photo-schema';
import { useTranslation } from '../../i18n/react';
import { EmojiPicker } from './emoji-picker';
import { CameraIcon, GiftIcon } from './chat-icons';

interface ComposerProps {
  draft: string;
  onDraft: (text: string) => void;
  /** The site's message_length. */
  maxLength: number;
  onSend: () => void;
  onPhoto: (file: File) => void;
  onGift: () => void;
  onTyping: () => void;
  disabled: boolean;
  name: string;
  /** What a photo costs, and the cheapest gift (null: no gifts): named on their buttons before anything is sent. */
  photoCost: number;
  giftCost: number | null;
}

/** The counter shows from this share of the limit on. */
const COUNTER_FROM = 0.8;

/** Text (Enter sends, Shift+Enter starts a new line), emoji, photo and gift buttons, and a counter near the limit. */
export function Composer({ draft, onDraft, maxLength, onSend, onPhoto, onGift, onTyping, disabled, name, photoCost, giftCost }: ComposerProps) {
  const { t } = useTranslation();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const length = [...draft].length;
  const over = length > maxLength;
  const photoLabel = t('chat:composer.photoCost', { credits: photoCost });
  const giftLabel = giftCost === null ? t('chat:composer.gift') : t('chat:composer.giftCost', { credits: giftCost });

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Not while an input method composes a character (Japanese, Chinese...): Enter confirms it there.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!over) onSend();
    }
  };
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    onDraft(event.target.value);
    if (event.target.value) onTyping();
  };
  const insertEmoji = (emoji: string) => {
    const area = textRef.current;
    const start = area?.selectionStart ?? draft.length;
    const end = area?.selectionEnd ?? draft.length;
    onDraft(draft.slice(0, start) + emoji + draft.slice(end));
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };
  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onPhoto(file);
  };

  return (
    <form
      className="rv-composer"
      onSubmit={(event) => {
        event.preventDefault();
        if (!over) onSend();
      }}
      data-testid="composer"
    >
      <div className="d-flex align-items-end gap-1">
        <EmojiPicker onPick={insertEmoji} disabled={disabled} />
        <button type="button" className="btn btn-light rv-composer-button" onClick={() => fileRef.current?.click()} disabled={disabled} aria-label={photoLabel} title={photoLabel} data-testid="photo-button">
          <CameraIcon />
        </button>
        <input ref={fileRef} type="file" accept={PHOTO_FILE_TYPES.join(',')} className="d-none" onChange={onFile} data-testid="photo-input" tabIndex={-1} aria-hidden="true" />
        <button type="button" className="btn btn-light rv-composer-button" onClick={onGift} disabled={disabled} aria-label={giftLabel} title={giftLabel} data-testid="gift-button">
          <GiftIcon />
        </button>
        <label className="visually-hidden" htmlFor="rv-composer-text">
          {t('chat:composer.label', { name })}
        </label>
        <textarea
          id="rv-composer-text"
          ref={textRef}
          className={`form-control rv-composer-text${over ? ' is-invalid' : ''}`}
          rows={1}
          value={draft}
          onChange={onChange}
          onKeyDown={onKeyDown}
          placeholder={t('chat:composer.placeholder')}
          disabled={disabled}
          aria-describedby="rv-composer-counter"
          enterKeyHint="send"
          data-testid="composer-text"
        />
        <button type="submit" className="btn btn-primary rv-composer-button" disabled={disabled || over || draft.trim() === ''} aria-label={t('chat:composer.send')} title={t('chat:composer.send')} data-testid="send-button">
          <span aria-hidden="true">➤</span>
        </button>
      </div>
      <div id="rv-composer-counter" className={`rv-composer-counter small ${over ? 'text-danger' : 'text-body-secondary'}`} aria-live="polite">
        {length >= maxLength * COUNTER_FROM && (over ? t('chat:errors.tooLong', { max: maxLength }) : t('chat:composer.counter', { length, max: maxLength }))}
      </div>
    </form>
  );
}
