import { useEffect, useRef } from 'react';
import { data, useActionData, useFetcher } from 'react-router';
import type { ApiCallResult, RendezvousLoadContext } from '../../../common/ssr/load-context';

/** What a settings form's action answers; the message is already in the visitor's language. */
export type FormResult = { intent: string; ok: true; email?: string } | { intent: string; ok: false; message: string };

export type Api = RendezvousLoadContext['api'];

/** A text field of a posted form ('' when absent or a file). */
export function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
}

/** The action's answer for an API call: its status travels along, so a failed post without JavaScript is a 4xx page. */
export function answer(intent: string, result: ApiCallResult<unknown>, extra: { email?: string } = {}) {
  if (result.ok) return data<FormResult>({ intent, ok: true, ...extra });
  return data<FormResult>({ intent, ok: false, message: result.message }, { status: result.status });
}

/**
 * One form of a settings page. With JavaScript it posts through its own fetcher (each
 * section shows its own result and the page stays as it is); without, the browser posts
 * the page and the result comes back as the route's action data, tagged with the intent.
 */
export function useSettingsForm(intent: string) {
  const fetcher = useFetcher<FormResult>({ key: `settings-${intent}` });
  const actionData = useActionData<FormResult>();
  const fromDocument = actionData?.intent === intent ? actionData : undefined;
  // A form given this ref is emptied once its change went through (no password stays in it).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.state, fetcher.data]);
  return { fetcher, result: fetcher.data ?? fromDocument, busy: fetcher.state !== 'idle', formRef };
}
