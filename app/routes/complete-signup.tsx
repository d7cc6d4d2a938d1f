import { useCallback } from "react";
import { data, redirect, useLoaderData } from "react-router";
import type { Route } from "./+types/complete-signup";
import { signupEndpoints } from '../../common/signup/signup-endpoints';
import {
  CompleteSignupPage,
  type CompleteSignupActionData,
} from "../features/signup/complete-signup-page";
import { uploadPhoto } from "../features/photos/upload-photo";
import { useBundles } from "../i18n/react";
import { paths } from "../paths";
import { readForm } from '../lib/form-body';
import { noindexMeta } from '../lib/route-meta';

export async function loader({ context }: Route.LoaderArgs) {
  if (!context.user) throw redirect(paths.signup());
  return {
    email: context.user.email,
    confirmed: context.user.status !== "not_confirmed",
    bundle: context.translations("signup"),
    photosBundle: context.translations('photos'),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  if (intent === "email") {
    const email = String(form.get("email") ?? "");
    const result = await context.api(signupEndpoints.correctEmail, { body: { email } });
    if (!result.ok)
      return data<CompleteSignupActionData>(
        { ok: false, intent, message: result.message },
        { status: result.status },
      );
    return {
      ok: true,
      intent: "email",
      email: email.trim(),
    } satisfies CompleteSignupActionData;
  }
  const result = await context.api(signupEndpoints.activationMail);
  if (!result.ok)
    return data<CompleteSignupActionData>(
      { ok: false, intent: "resend", message: result.message },
      { status: result.status },
    );
  return { ok: true, intent: "resend" } satisfies CompleteSignupActionData;
}

export const meta = noindexMeta;

export default function CompleteSignup() {
  const { email, confirmed, bundle, photosBundle } =
    useLoaderData<typeof loader>();
  const { i18n } = useBundles({ signup: bundle, photos: photosBundle });
  // The photo chosen in step 1 of the signup, uploaded now that the account exists.
  const upload = useCallback(
    async (file: File) => {
      const result = await uploadPhoto(file, { t: i18n.t });
      return result.ok ? null : result.message;
    },
    [i18n],
  );
  return (
    <CompleteSignupPage
      email={email}
      confirmed={confirmed}
      uploadPhoto={upload}
    />
  );
}
