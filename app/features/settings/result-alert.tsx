import { FormAlert } from '../../components/form-alert';
import type { FormResult } from './form-result';

/** The outcome of a form under it: the success text, or the server's message. */
export function ResultAlert({ result, success, testId }: { result: FormResult | undefined; success: string; testId: string }) {
  if (!result) return null;
  return (
    <FormAlert variant={result.ok ? 'success' : 'danger'} className="mt-3 mb-0" testId={`${testId}-${result.ok ? 'done' : 'error'}`}>
      {result.ok ? success : result.message}
    </FormAlert>
  );
}
