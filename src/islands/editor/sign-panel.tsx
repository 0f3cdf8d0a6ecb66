/**
 * "Done?": download the PNG, or sign the skin — name and visibility as in the generate form (their
 * words are the generate form's), the model as set above, the skin it remixes. Before sending, the
 * core's signing warnings (transparent base pixels, a hat hiding the face) are listed with "Sign
 * anyway" and "Keep editing". Once signed, when the editor stays (a linked Minecraft account), the
 * result offers "Wear this skin" — its own plain form, beside the sign form since forms cannot nest —
 * and a link to the new skin's page.
 * @module
 */
import { mdiAlertOutline, mdiCheckDecagram, mdiDownload } from '@mdi/js'
import { useId, useState, type FormEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import { SKIN_NAME, SKIN_NAME_MAX } from '../../shared/schemas/api/patterns'
import type { EditorWarning } from '../../shared/skin-editor/warnings'
import type { Model } from '../../shared/skin-editor/texture'
import { Icon } from '../../shared/ui/icon'
import { WearForm } from '../../shared/ui/wear-form'

/** Visibility of the signed skin. */
export type SignVisibility = 'public' | 'unlisted' | 'private'

/** Where signing is. */
export type SignPhase = 'idle' | 'sending' | 'queued' | 'done' | 'failed'

/** Props of {@link SignPanel}. */
export interface SignPanelProps {
  name: string
  onName(name: string): void
  visibility: SignVisibility
  onVisibility(visibility: SignVisibility): void
  allowPrivate: boolean
  model: Model
  remixOf?: { uuid: string; name: string }
  /** The warnings for the texture as it is now. */
  warnings(): EditorWarning[]
  onSign(): void
  onDownload(): void
  phase: SignPhase
  /** The phase's message (an error's words, a retry countdown). */
  message?: string
  /** Seconds until the API takes jobs again (a 429). */
  retryIn: number
  /** The skin just signed, when the editor stays on it: the account site's base, its uuid and its page's path. */
  signed?: { accountUrl: string; skin: string; page: string }
}

/** True when `name` is empty or follows the API's rule for skin names. */
export const nameAllowed = (name: string) => name.trim() === '' || (SKIN_NAME.test(name.trim()) && name.trim().length <= SKIN_NAME_MAX)

/** The panel. */
export function SignPanel(props: SignPanelProps) {
  const { t } = useI18n()
  const id = useId()
  const [pending, setPending] = useState<EditorWarning[] | null>(null)
  const nameOk = nameAllowed(props.name)
  const busy = props.phase === 'sending' || props.phase === 'queued' || props.phase === 'done'

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (busy || !nameOk || props.retryIn > 0) return
    const warnings = props.warnings()
    if (warnings.length > 0) return setPending(warnings)
    props.onSign()
  }

  const warningText = (warning: EditorWarning) =>
    warning.code === 'transparent_base' ? t('editor.sign.transparentBase', { count: warning.count }) : t('editor.sign.faceHidden', { percent: Math.round(warning.coverage * 100) })

  const status =
    props.phase === 'sending'
      ? t('editor.sign.sending')
      : props.phase === 'queued'
        ? t('editor.sign.queued')
        : props.phase === 'done'
          ? t('editor.sign.done')
          : props.phase === 'failed'
            ? t('editor.sign.failed', { message: props.message ?? '' })
            : props.retryIn > 0
              ? t('generate.retryIn', { seconds: props.retryIn })
              : ''

  return (
    <div className="editor-sign">
      <button type="button" className="button button--outlined button--block" onClick={props.onDownload} data-action="download">
        <Icon path={mdiDownload} size={20} />
        {t('editor.sign.download')}
      </button>
      <form className="editor-sign__form" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('generate.name')}</label>
          <input
            id={`${id}-name`}
            className={nameOk ? 'text-input' : 'text-input is-invalid'}
            name="name"
            value={props.name}
            maxLength={SKIN_NAME_MAX}
            autoComplete="off"
            aria-invalid={!nameOk || undefined}
            aria-describedby={`${id}-name-hint`}
            onChange={(event) => props.onName(event.target.value)}
          />
          <p id={`${id}-name-hint`} className={nameOk ? 'field-hint field-hint--muted' : 'field-hint field-hint--error'}>
            {nameOk ? t('generate.nameHint') : t('generate.nameInvalid')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${id}-visibility`}>{t('generate.visibility')}</label>
          <select id={`${id}-visibility`} className="select" name="visibility" value={props.visibility} onChange={(event) => props.onVisibility(event.target.value as SignVisibility)}>
            <option value="public">{t('generate.public')}</option>
            <option value="unlisted">{t('generate.unlisted')}</option>
            {props.allowPrivate && <option value="private">{t('generate.private')}</option>}
          </select>
        </div>
        <p className="field-hint field-hint--muted">{t('editor.sign.model', { model: t(props.model === 'slim' ? 'generate.slim' : 'generate.classic') })}</p>
        {props.remixOf && <p className="field-hint field-hint--muted">{t('editor.sign.remixOf', { name: props.remixOf.name })}</p>}
        {pending ? (
          <div className="editor-sign__warnings" role="alert">
            <p className="editor-sign__warnings-title">
              <Icon path={mdiAlertOutline} size={20} />
              {t('editor.sign.warningsTitle')}
            </p>
            <ul>
              {pending.map((warning) => (
                <li key={warning.code}>{warningText(warning)}</li>
              ))}
            </ul>
            <div className="editor-sign__actions">
              <button
                type="button"
                className="button button--primary"
                onClick={() => {
                  setPending(null)
                  props.onSign()
                }}
                data-action="sign-anyway"
              >
                {t('editor.sign.submitAnyway')}
              </button>
              <button type="button" className="button button--text" onClick={() => setPending(null)}>
                {t('editor.sign.keepEditing')}
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className="button button--primary button--block button--large" disabled={busy || props.retryIn > 0} aria-busy={props.phase === 'sending' || undefined} data-action="sign">
            <Icon path={mdiCheckDecagram} size={20} />
            {props.phase === 'sending' ? t('editor.sign.sending') : t('editor.sign.submit')}
          </button>
        )}
        <p className={props.phase === 'failed' ? 'field-hint field-hint--error' : 'field-hint field-hint--muted'} role="status">
          {props.signed ? t('wear.signed') : status}
        </p>
      </form>
      {props.signed && (
        <div className="editor-sign__result">
          <WearForm accountUrl={props.signed.accountUrl} skin={props.signed.skin} back={props.signed.page} look="primary" hintId={`${id}-wear-hint`} />
          <p id={`${id}-wear-hint`} className="field-hint field-hint--muted">
            {t('wear.hint')}
          </p>
          <a className="button button--text" href={props.signed.page}>
            {t('wear.openSkin')}
          </a>
        </div>
      )}
    </div>
  )
}
