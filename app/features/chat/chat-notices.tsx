import { Link } from 'react-router';
import Modal from 'react-bootstrap/Modal';
import type { ChatCosts, ChatResponse, ChatWallet } from '../../../common/chat/chat-schema';
import { FREE_CONVERSATIONS } from '../../../common/limits';
import { useTranslation } from '../../i18n/react';
import { paths } from '../../paths';
import { useRootData } from '../../lib/use-root-data';
import { ChatModalHeader } from './chat-modal-header';

type Refusal = NonNullable<ChatResponse['cannot_write']>;

/** Why the member cannot write here (blocked, the other's e-mail unconfirmed, the free conversations used up, gone). */
export function CannotWriteNotice({ reason, name }: { reason: Refusal; name: string }) {
  const { t } = useTranslation();
  if (reason === 'conversation_limit') {
    return (
      <div className="alert alert-info mb-0" role="status" data-testid="conversation-limit">
        <p className="mb-2">{t('chat:errors.conversationLimit', { count: FREE_CONVERSATIONS })}</p>
        <Link className="btn btn-secondary btn-sm" to={paths.premium()}>
          {t('chat:getPremium')}
        </Link>
      </div>
    );
  }
  const text = reason === 'blocked' ? t('chat:errors.blocked') : reason === 'unconfirmed_other' ? t('chat:errors.unconfirmedOther', { name }) : t('chat:closed', { name });
  return (
    <div className="alert alert-warning mb-0" role="status" data-testid="cannot-write" data-reason={reason}>
      {text}
    </div>
  );
}

/** The member's own e-mail is unconfirmed: they may write, but the other member cannot reply yet (spec 4). */
export function UnconfirmedNotice({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <div className="alert alert-warning small py-2 mb-2" role="note" data-testid="me-unconfirmed">
      {t('chat:meUnconfirmed', { name })}{' '}
      <Link to={paths.completeSignup()} className="alert-link">
        {t('chat:confirmEmail')}
      </Link>
    </div>
  );
}

/** What sending costs here (a message, or the free messages left, and a photo), the balance and the legal minimum price per message of the member's country. */
export function CostHint({ costs, wallet }: { costs: ChatCosts; wallet: ChatWallet }) {
  const { t } = useTranslation();
  const { locale } = useRootData();
  const minimum = costs.minimum_message_cost;
  return (
    <p className="rv-cost-hint small text-body-secondary mb-0" data-testid="cost-hint">
      <span data-testid="cost-message">{wallet.free_messages_left > 0 ? t('chat:cost.free', { count: wallet.free_messages_left }) : t('chat:cost.message', { credits: costs.message })}</span>{' '}
      <span data-testid="cost-photo">{t('chat:cost.photo', { credits: costs.photo })}</span>{' '}
      <span data-testid="cost-balance">{t('chat:cost.balance', { credits: wallet.credits })}</span>
      {minimum && minimum.costs > 0 && <> · {t('chat:cost.minimum', { price: new Intl.NumberFormat(locale, { style: 'currency', currency: minimum.currency }).format(minimum.costs) })}</>}
    </p>
  );
}

/** 'You do not have enough credits' leads to the buy prompt (spec 1, 6). */
export function BuyPrompt({ show, onClose, paid }: { show: boolean; onClose: () => void; paid: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered data-testid="buy-prompt">
      <ChatModalHeader title={t('chat:errors.notEnoughCredits')} />
      <Modal.Body>
        <p className="mb-0">{paid ? t('chat:buy.textPaid') : t('chat:buy.text')}</p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
          {t('chat:buy.later')}
        </button>
        <Link className="btn btn-secondary" to={paths.credits()} onClick={onClose} data-testid="buy-credits">
          {t('chat:buy.button')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
