import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import type { ChatPhoto } from './chat-client';
import { useTranslation } from '../../i18n/react';
import { useRootData } from '../../lib/use-root-data';
import { groupByDay, relativeDay, type UiMessage } from './chat-state';
import { ClockIcon } from './chat-icons';

interface MessageListProps {
  messages: UiMessage[];
  onRetry: (message: UiMessage) => void;
  onDiscard: (message: UiMessage) => void;
}

/** The messages of a conversation by day: theirs on the left, the member's own on the right with their state. */
export function MessageList({ messages, onRetry, onDiscard }: MessageListProps) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const [enlarged, setEnlarged] = useState<ChatPhoto | null>(null);
  return (
    <>
      {groupByDay(messages).map((group) => (
        <div key={group.day} role="group" aria-label={dayLabel(group.first, locale, t)}>
          <div className="rv-day-separator" aria-hidden="true">
            <span suppressHydrationWarning>{dayLabel(group.first, locale, t)}</span>
          </div>
          {group.messages.map((m) => (
            <div key={m.client_id ?? m.id} className={`rv-message ${m.mine ? 'mine' : 'theirs'}${m.local === 'failed' ? ' failed' : ''}`} data-testid="message" data-kind={m.kind} data-state={m.local ?? m.state}>
              <div className={`rv-bubble${m.kind === 'text' ? '' : ' rv-bubble-media'}`}>
                {m.kind === 'text' && <p className="mb-0 rv-message-text">{m.text}</p>}
                {m.kind === 'photo' && m.photo && (
                  <button type="button" className="rv-message-photo" onClick={() => setEnlarged(m.photo)} aria-label={t('chat:photo.enlarge')}>
                    <img src={m.photo.thumb} width={m.photo.width} height={m.photo.height} alt={t('chat:photo.alt')} loading="lazy" decoding="async" />
                  </button>
                )}
                {m.kind === 'gift' && m.gift && (
                  <figure className="rv-message-gift mb-0" data-testid="gift-message">
                    <img src={`/gifts/${m.gift}.svg`} width={96} height={96} alt="" />
                    <figcaption>{t('chat:giftSent', { gift: t(`chat:gifts.${m.gift}`) })}</figcaption>
                  </figure>
                )}
                <span className="rv-message-meta">
                  <time dateTime={m.created_at} suppressHydrationWarning>
                    {new Date(m.created_at).toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' })}
                  </time>
                  {m.mine && <StateTicks message={m} />}
                </span>
              </div>
              {m.local === 'failed' && (
                <div className="rv-message-failed small" role="alert">
                  <span className="text-danger">{m.error ?? t('chat:notSent')}</span>{' '}
                  <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={() => onRetry(m)} data-testid="retry-message">
                    {t('chat:retry')}
                  </button>{' '}
                  ·{' '}
                  <button type="button" className="btn btn-link btn-sm p-0 align-baseline text-body-secondary" onClick={() => onDiscard(m)}>
                    {t('chat:discard')}
                  </button>
                </div>
              )}
            </div>
          ))}
        </div>
      ))}
      <Modal show={enlarged !== null} onHide={() => setEnlarged(null)} size="lg" centered data-testid="photo-viewer">
        <Modal.Header closeButton closeLabel={t('chat:close')}>
          <Modal.Title as="h2" className="h6">
            {t('chat:photo.alt')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="text-center p-2">{enlarged && <img src={enlarged.url} alt={t('chat:photo.alt')} className="img-fluid rounded" />}</Modal.Body>
      </Modal>
    </>
  );
}

/** ✓ sent, ✓✓ delivered, ✓✓ in colour read; a clock while sending. */
function StateTicks({ message }: { message: UiMessage }) {
  const { t } = useTranslation();
  if (message.local === 'sending') {
    return (
      <span className="rv-ticks" title={t('chat:state.sending')}>
        <ClockIcon />
        <span className="visually-hidden">{t('chat:state.sending')}</span>
      </span>
    );
  }
  if (message.local === 'failed') return null;
  const label = t(`chat:state.${message.state}`);
  return (
    <span className={`rv-ticks${message.state === 'read' ? ' read' : ''}`} title={label} data-testid="message-state">
      <span aria-hidden="true">{message.state === 'sent' ? '✓' : '✓✓'}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

function dayLabel(iso: string, locale: string, t: (key: string) => string): string {
  const relative = relativeDay(iso);
  if (relative) return t(`chat:${relative}`);
  const date = new Date(iso);
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(locale, { weekday: 'long', day: 'numeric', month: 'long', year: sameYear ? undefined : 'numeric' });
}
