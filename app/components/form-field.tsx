import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';

interface FieldProps {
  id: string;
  label: ReactNode;
  /** A hint under the control (`form-text`), announced with it. */
  help?: ReactNode;
  /** What is wrong with the value: marks the control invalid and is announced with it. */
  error?: string | undefined;
  errorTestId?: string;
  /** 'alert' where the error appears on a step's Next rather than beside a submit's own message. */
  errorRole?: 'alert';
  /** Of the wrapper around label, control and texts. */
  className?: string;
  labelClassName?: string;
  /** Shown after the error (a suggestion, a hint with a switch beside it). */
  children?: ReactNode;
}

/** The field's own props and the control's. */
function split<T extends FieldProps>({ id, label, help, error, errorTestId, errorRole, className, labelClassName, children, ...control }: T) {
  return [{ id, label, help, error, errorTestId, errorRole, className, labelClassName, children }, control] as const;
}

/** The id, Bootstrap class and accessibility attributes of a field's control. */
function controlProps({ id, help, error }: FieldProps, base: string) {
  const described = [error ? `${id}-error` : '', help ? `${id}-help` : ''].filter(Boolean).join(' ');
  return { id, className: error ? `${base} is-invalid` : base, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined };
}

function Field({ id, label, help, error, errorTestId, errorRole, className = 'mb-3', labelClassName = 'form-label', children, control }: FieldProps & { control: ReactNode }) {
  return (
    <div className={className || undefined}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {control}
      {help && (
        <div id={`${id}-help`} className="form-text">
          {help}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role={errorRole} data-testid={errorTestId}>
          {error}
        </div>
      )}
      {children}
    </div>
  );
}

type Own = keyof FieldProps;

/** A labelled text input in Bootstrap's markup, with an optional hint and invalid feedback. */
export function TextField(props: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, Own>) {
  const [field, input] = split(props);
  return <Field {...field} control={<input {...controlProps(field, 'form-control')} {...input} />} />;
}

/** A labelled textarea, as TextField. */
export function TextAreaField(props: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Own>) {
  const [field, textarea] = split(props);
  return <Field {...field} control={<textarea {...controlProps(field, 'form-control')} {...textarea} />} />;
}

/** A labelled select, as TextField, with its `options`. */
export function SelectField({ options, ...props }: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, Own> & { options: ReactNode }) {
  const [field, select] = split(props);
  return <Field {...field} control={<select {...controlProps(field, 'form-select')} {...select}>{options}</select>} />;
}
