import { data, redirect } from 'react-router';
import { EMAIL_NOTIFICATION_TYPES } from '../../../common/account/notification-settings';
import { accountEndpoints } from '../../../common/account/account-endpoints';
import { authEndpoints } from '../../../common/auth/auth-endpoints';
import type { Locale } from '../../../common/reference/countries';
import { paths } from '../../paths';
import { answer, field, type Api } from './form-result';

/** The /settings forms, told apart by their intent; every one goes through the API as this visitor. */
export async function settingsAction(form: FormData, api: Api) {
  const intent = field(form, 'intent');
  switch (intent) {
    case 'email': {
      const result = await api(accountEndpoints.requestMailChange, { body: { email: field(form, 'email'), password: field(form, 'password') } });
      return answer(intent, result, result.ok ? { email: result.body.email } : {});
    }
    case 'password':
      return answer(
        intent,
        await api(accountEndpoints.changePassword, {
          body: { old_password: field(form, 'old_password'), password: field(form, 'password'), password_confirmation: field(form, 'password_confirmation') },
        }),
      );
    case 'language': {
      // The language as posted: the API checks it and answers in the visitor's language.
      const result = await api(authEndpoints.saveLanguage, { body: { language: field(form, 'language') as Locale } });
      // A new page load, so that the whole page (not only this form) is in the new language.
      if (result.ok) throw redirect(paths.settings());
      return answer(intent, result);
    }
    case 'invisible':
      return answer(intent, await api(accountEndpoints.saveNotifications, { body: { invisible: form.get('invisible') === 'on' } }));
    default:
      throw data(null, { status: 400 });
  }
}

/** The /notifications forms: the e-mail switches (all of them at once), "turn e-mail back on", message text in pushes. */
export async function notificationsAction(form: FormData, api: Api) {
  const intent = field(form, 'intent');
  switch (intent) {
    case 'email-notifications': {
      const switches = Object.fromEntries(EMAIL_NOTIFICATION_TYPES.map((type) => [type, form.get(type) === 'on']));
      return answer(intent, await api(accountEndpoints.saveNotifications, { body: { email_notifications: switches } }));
    }
    case 'resume':
      return answer(intent, await api(accountEndpoints.saveNotifications, { body: { notifications_disabled: [] } }));
    case 'push-text':
      return answer(intent, await api(accountEndpoints.saveNotifications, { body: { push_message_text: form.get('push_message_text') === 'on' } }));
    default:
      throw data(null, { status: 400 });
  }
}

/** The button of the e-mail change link. */
export async function mailChangeConfirmAction(form: FormData, api: Api) {
  const result = await api(accountEndpoints.confirmMailChange, { body: { token: field(form, 'token') } });
  return answer('confirm', result, result.ok ? { email: result.body.email } : {});
}
