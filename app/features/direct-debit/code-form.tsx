import type { FormEvent } from 'react';
import { SMS_CODE_LENGTH, SMS_CODE_TTL_MINUTES } from '../../../common/direct-debit/direct-debit-rules';
import { TextField } from '../../components/form-field';
import { SubmitButton } from '../../components/submit-button';
import { useTranslation } from '../../i18n/react';

/** Step two: the code sent by SMS; a new code or other details take the member back. */
export function CodeForm(props: { mobileMasked: string; code: string; onCode: (code: string) => void; error: string | undefined; busy: boolean; onSubmit: () => void; onResend: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const k = (key: string, vars?: Record<string, unknown>) => t(`direct-debit:${key}`, vars);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate data-testid="dd-code-form">
      <h2 className="h5">{k('codeTitle')}</h2>
      <p>{k('codeSent', { mobile: props.mobileMasked, minutes: SMS_CODE_TTL_MINUTES })}</p>
      <TextField
        id="dd-code"
        label={k('code')}
        error={props.error}
        errorTestId="dd-code-error"
        value={props.code}
        onChange={(event) => props.onCode(event.target.value.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH))}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={SMS_CODE_LENGTH}
        className="mb-3 fs-4"
        required
      />
      <SubmitButton busy={props.busy} busyLabel={k('confirming')} className="btn btn-primary btn-lg w-100 mb-2" testId="dd-confirm">
        {k('confirm')}
      </SubmitButton>
      <div className="d-flex flex-wrap justify-content-between">
        <button type="button" className="btn btn-link py-2 px-0" onClick={props.onResend} disabled={props.busy} data-testid="dd-resend">
          {k('resend')}
        </button>
        <button type="button" className="btn btn-link py-2 px-0" onClick={props.onBack} disabled={props.busy}>
          {k('changeDetails')}
        </button>
      </div>
    </form>
  );
}
