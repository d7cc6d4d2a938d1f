import { Link, useNavigate } from 'react-router';
import type { MemberTile } from '../../../common/members/member-tile';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { FICTIONAL_ICONS } from './fictional-icons';
import { Avatar } from './chat-list';
import { TrashIcon } from './chat-icons';
import { blockMember, errorMessage } from './chat-client';

interface ConversationHeaderProps {
  profile: MemberTile;
  typing: boolean;
  conversation: number | null;
  onDelete: (conversation: number) => void;
}

/** The member written to (a link to the profile), the typing indicator, delete, and the fictional-profile warning. */
export function ConversationHeader({ profile, typing, conversation, onDelete }: ConversationHeaderProps) {
  const { t } = useTranslation();
  const { settings } = useRootData();
  const fictionalIcon = FICTIONAL_ICONS[settings.fictional_icon] ?? '🎭';
  const navigate = useNavigate();
  const block = async () => {
    if (!window.confirm(t('chat:block.confirm'))) return;
    try {
      await blockMember(profile.id);
      void navigate(paths.chats(), { replace: true });
    } catch (error) {
      window.alert(errorMessage(error, t('errors.generic')));
    }
  };
  return (
    <>
      <header className="rv-conversation-header">
        <Link to={paths.chats()} className="btn btn-link px-1 d-md-none text-decoration-none" aria-label={t('chat:back')} data-testid="chat-back">
          <span aria-hidden="true">←</span>
        </Link>
        {profile.unavailable ? (
          // A member the viewer may not see: a neutral card, no link to a profile that is not found.
          <span className="d-flex align-items-center gap-2 flex-grow-1 min-w-0" data-testid="conversation-profile" data-unavailable="true">
            <Avatar photo={null} name={t('chat:memberUnavailable')} size={40} />
            <strong className="d-block text-truncate">{t('chat:memberUnavailable')}</strong>
          </span>
        ) : (
          <Link
            to={paths.member(profile.id)}
            className="d-flex align-items-center gap-2 text-reset text-decoration-none flex-grow-1 min-w-0"
            data-testid="conversation-profile"
          >
            <Avatar photo={profile.photo?.thumb ?? null} name={profile.name} size={40} />
            <span className="min-w-0">
              <strong className="d-block text-truncate">
                {profile.name}, {profile.age}{' '}
                {profile.fictional && (
                  <span title={settings.fictional_warning} aria-hidden="true">
                    {fictionalIcon}
                  </span>
                )}
              </strong>
              <span className="small text-body-secondary d-block text-truncate" aria-live="polite" data-testid="typing-indicator">
                {typing ? t('chat:typing', { name: profile.name }) : (profile.city ?? '')}
              </span>
            </span>
          </Link>
        )}
        {conversation !== null && (
          // Blocking from the chat itself: a sender the reader may not see (invisible, unconfirmed,
          // leaving) has no profile page with a block button, yet must be blockable (issue 23).
          <button type="button" className="btn btn-link btn-sm text-body-secondary" onClick={() => void block()} data-testid="conversation-block">
            {t('chat:block.label')}
          </button>
        )}
        {conversation !== null && (
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => onDelete(conversation)}
            aria-label={t('chat:delete.label', { name: profile.name })}
            title={t('chat:delete.title')}
            data-testid="conversation-delete"
          >
            <TrashIcon />
          </button>
        )}
      </header>
      {profile.fictional && (
        <p className="alert alert-warning d-flex gap-2 align-items-start small m-2 mb-0 py-2" role="note" data-testid="fictional-warning">
          <span aria-hidden="true">{fictionalIcon}</span>
          <span>
            <strong className="text-capitalize">{settings.fictional_singular}:</strong> {settings.fictional_warning}
          </span>
        </p>
      )}
    </>
  );
}
