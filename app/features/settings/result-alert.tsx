import type { FormResult } from './form-result';

/** The outcome of a form under it: the success text, or the server's message. */
export function ResultAlert({ result, success, testId }: { result: FormResult | undefined; success: string; testId: string }) {
  if (!result) return null;
  if (result.ok) {
    return (
      <div className="alert alert-success mt-3 mb-0" role="status" data-testid={`${testId}-done`}>
        {success}
      </div>
    );
  }
  return (
    <div className="alert alert-danger mt-3 mb-0" role="alert" data-testid={`${testId}-error`}>
      {result.message}
    </div>
  );
}
