import { Link } from 'react-router';
import type { ChatListItem, ChatsResponse } from '../../../common/chat/chat-schema';
import { UNREAD_BADGE_CAP } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { FICTIONAL_ICONS } from './fictional-icons';
import { dayKey } from './chat-state';
import { TrashIcon } from './chat-icons';

interface ChatListProps {
  chats: ChatsResponse;
  activeConversation: number | null;
  activeProfile: number | null;
  failure: string | null;
  onDismissFailure: () => void;
  onDelete: (item: ChatListItem) => void;
}

/** The list of chats (latest first) under a strip of matches without a chat yet. */
export function ChatList({ chats, activeConversation, activeProfile, failure, onDismissFailure, onDelete }: ChatListProps) {
  const { t } = useTranslation();
  return (
    <>
      <header className="rv-chat-list-header">
        <Link to={paths.members()} className="btn btn-link px-1 text-decoration-none" aria-label={t('chat:toSearch')} title={t('chat:toSearch')}>
          <span aria-hidden="true">←</span>
        </Link>
        <h1 className="h5 mb-0 flex-grow-1">{t('chat:title')}</h1>
        {chats.total_unread_messages > 0 && (
          <span className="badge rounded-pill badge-unread" data-testid="chat-total-unread">
            {cap(chats.total_unread_messages)}
          </span>
        )}
      </header>
      {failure && (
        <div className="alert alert-danger alert-dismissible m-2 mb-0 small" role="alert" data-testid="chat-failure">
          {failure}
          <button type="button" className="btn-close" aria-label={t('chat:close')} onClick={onDismissFailure} />
        </div>
      )}
      {chats.likes.length > 0 && (
        <nav className="rv-chat-matches" aria-label={t('chat:matches')} data-testid="chat-matches">
          <h2 className="visually-hidden">{t('chat:matches')}</h2>
          <ul className="list-unstyled d-flex gap-3 mb-0">
            {chats.likes.map((like) => (
              <li key={like.id}>
                <Link to={paths.memberChat(like.id)} className="rv-chat-match text-decoration-none" title={t('chat:writeTo', { name: like.name })}>
                  <Avatar photo={like.photo?.thumb ?? null} name={like.name} size={56} />
                  {like.like_new && <span className="rv-chat-match-new" aria-label={t('chat:newMatch')} />}
                  <span className="small text-truncate d-block">{like.name}</span>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {chats.chats.length === 0 ? (
        <div className="p-4 text-center text-body-secondary" data-testid="chats-empty">
          <p>{t('chat:empty')}</p>
          <Link className="btn btn-primary btn-sm" to={paths.members()}>
            {t('chat:toSearch')}
          </Link>
        </div>
      ) : (
        <ul className="rv-chat-items list-unstyled mb-0" data-testid="chat-list">
          {chats.chats.map((item) => (
            <ChatRow key={item.conversation.id} item={item} active={item.conversation.id === activeConversation || (activeConversation === null && item.profile.id === activeProfile)} onDelete={onDelete} />
          ))}
        </ul>
      )}
    </>
  );
}

function ChatRow({ item, active, onDelete }: { item: ChatListItem; active: boolean; onDelete: (item: ChatListItem) => void }) {
  const { t } = useTranslation();
  const { settings, locale } = useRootData();
  const { profile, conversation, num_unread_messages: unread } = item;
  // A member the reader may not see arrives without a name (a live event's neutral card).
  const name = profile.unavailable ? t('chat:memberUnavailable') : profile.name;
  return (
    <li className={`rv-chat-item${active ? ' active' : ''}${unread > 0 ? ' unread' : ''}`} data-testid="chat-item" data-conversation={conversation.id} data-profile={profile.id}>
      <Link to={`${paths.chats()}/${conversation.id}`} className="rv-chat-item-link" aria-current={active ? 'page' : undefined}>
        <Avatar photo={profile.photo?.thumb ?? null} name={name} size={48} />
        <span className="rv-chat-item-body">
          <span className="d-flex align-items-baseline gap-1">
            <strong className="text-truncate">{name}</strong>
            {!profile.unavailable && <span className="text-body-secondary small">{profile.age}</span>}
            {profile.fictional && (
              <span className="small" title={settings.fictional_warning} aria-label={settings.fictional_singular}>
                {FICTIONAL_ICONS[settings.fictional_icon] ?? '🎭'}
              </span>
            )}
            <time className="ms-auto small text-body-secondary flex-shrink-0" dateTime={conversation.last_message_at} suppressHydrationWarning>
              {listTime(conversation.last_message_at, locale)}
            </time>
          </span>
          <span className="d-flex align-items-center gap-1">
            <span className="rv-chat-preview text-truncate small" data-testid="chat-preview">
              {conversation.last_message ? <Preview item={item} /> : <em>{t('chat:noMessagesYet')}</em>}
            </span>
            {unread > 0 && (
              <span className="badge rounded-pill badge-unread ms-auto" data-testid="chat-unread">
                {cap(unread)}
                <span className="visually-hidden"> {t('chat:unread')}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
      <button type="button" className="rv-chat-item-delete btn btn-sm btn-link text-body-secondary" onClick={() => onDelete(item)} aria-label={t('chat:delete.label', { name })} data-testid="delete-chat">
        <TrashIcon />
      </button>
    </li>
  );
}

function Preview({ item }: { item: ChatListItem }) {
  const { t } = useTranslation();
  const last = item.conversation.last_message!;
  const body =
    last.kind === 'photo' ? `📷 ${t('chat:preview.photo')}` : last.kind === 'gift' ? `🎁 ${t('chat:preview.gift', { gift: t(`chat:gifts.${last.gift ?? 'rose'}`) })}` : last.text;
  return last.mine ? (
    <>
      <span className="text-body-secondary">{t('chat:preview.you')} </span>
      {body}
    </>
  ) : (
    <>{body}</>
  );
}

export function Avatar({ photo, name, size }: { photo: string | null; name: string; size: number }) {
  return photo ? (
    <img className="rv-avatar" src={photo} width={size} height={size} alt="" loading="lazy" decoding="async" />
  ) : (
    <span className="rv-avatar rv-avatar-empty" style={{ width: size, height: size }} aria-hidden="true">
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

const cap = (n: number) => (n > UNREAD_BADGE_CAP ? `${UNREAD_BADGE_CAP}+` : String(n));

/** Today: the time; this week: the weekday; else the date. */
function listTime(iso: string, locale: string): string {
  const date = new Date(iso);
  const now = new Date();
  if (dayKey(iso) === dayKey(now.toISOString())) return date.toLocaleTimeString(locale, { hour: '2-digit', minute: '2-digit' });
  if (now.getTime() - date.getTime() < 6 * 86_400_000) return date.toLocaleDateString(locale, { weekday: 'short' });
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short' });
}
