import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/react';

/** The heading and close button of the chat's dialogs. */
export function ChatModalHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Modal.Header closeButton closeLabel={t('chat:close')}>
      <Modal.Title as="h2" className="h5">
        {title}
      </Modal.Title>
    </Modal.Header>
  );
}
