import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { PHOTO_MAX_UPLOAD_MB, type Photo, type PhotoKind } from '../../../common/photos/photo-schema';
import { useBundles } from '../../i18n/react';
import { checkPhotoFile, uploadPhoto } from './upload-photo';

interface Props {
  kind?: PhotoKind;
  /** The photos namespace from the route's loader (`context.translations('photos')`). */
  bundle?: Record<string, unknown> | undefined;
  onUploaded?: (photo: Photo) => void;
}

type State = { step: 'idle' } | { step: 'uploading' } | { step: 'done'; photo: Photo } | { step: 'failed'; message: string };

/**
 * Choose a photo (or take one with the camera), see it at once, and upload it. Used by
 * signup step 1 and the profile; reports the stored photo through onUploaded.
 */
export function PhotoInput({ kind = 'profile', bundle, onUploaded }: Props) {
  const { t } = useBundles({ photos: bundle });
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [state, setState] = useState<State>({ step: 'idle' });

  // The preview is a blob: URL of the chosen file; release it when replaced or unmounted.
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    // Cleared so that choosing the same file again fires another change.
    input.value = '';
    if (!file) return;
    const problem = checkPhotoFile(file, t);
    if (problem) {
      setState({ step: 'failed', message: problem });
      return;
    }
    setPreview(URL.createObjectURL(file));
    setState({ step: 'uploading' });
    const result = await uploadPhoto(file, { kind, t });
    if (!result.ok) {
      setState({ step: 'failed', message: result.message });
      return;
    }
    setState({ step: 'done', photo: result.photo });
    onUploaded?.(result.photo);
  }

  const busy = state.step === 'uploading';
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="photo-input">
      <p id={`${id}-label`} className="form-label mb-2">
        {t('photos:input.label')}
      </p>
      {preview && <img src={preview} alt={t('photos:input.preview')} className="img-thumbnail d-block mb-2" style={{ maxWidth: 240, maxHeight: 300, objectFit: 'cover' }} />}
      <div className="d-flex flex-wrap gap-2">
        {/* Without `capture` phones offer the gallery and the camera; the second button goes straight to the camera. */}
        <input id={`${id}-choose`} type="file" accept="image/*" className="btn-check" onChange={choose} disabled={busy} aria-describedby={`${id}-hint`} />
        <label htmlFor={`${id}-choose`} className="btn btn-primary">
          {t('photos:input.choose')}
        </label>
        <input id={`${id}-camera`} type="file" accept="image/*" capture="user" className="btn-check" onChange={choose} disabled={busy} aria-describedby={`${id}-hint`} />
        <label htmlFor={`${id}-camera`} className="btn btn-outline-secondary">
          {t('photos:input.take')}
        </label>
      </div>
      <div id={`${id}-hint`} className="form-text">
        {t('photos:input.hint', { mb: PHOTO_MAX_UPLOAD_MB })}
      </div>
      <div aria-live="polite">
        {busy && (
          <p className="mt-2 mb-0" role="status">
            <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
            {t('photos:input.uploading')}
          </p>
        )}
        {state.step === 'done' && (
          <p className="mt-2 mb-0 text-success" role="status" data-testid="photo-uploaded">
            {t('photos:input.uploaded')} {state.photo.status === 'in_inspection' ? t('photos:input.inInspection') : ''}
          </p>
        )}
      </div>
      {state.step === 'failed' && (
        <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="photo-error">
          {state.message}
        </div>
      )}
    </div>
  );
}
