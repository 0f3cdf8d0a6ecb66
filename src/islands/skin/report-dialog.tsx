/**
 * The report dialog (reference/mineskin-api.md §3.5 "Report dialog": reasons Inappropriate
 * skin / name / tags): a native modal `<dialog>` with a radio group; sends `POST …/report` with an
 * anti-bot proof. A second report by the same caller (409 `already_reported`) is thanked, not scolded.
 * @module
 */
import { mdiClose, mdiFlag } from '@mdi/js'
import { useState, type FormEvent } from 'react'
import { ApiCallError } from '../../shared/api/api-call-error'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import { showSnackbar } from '../../shared/stores/snackbars'
import { Icon } from '../../shared/ui/icon'
import { errorText } from './error-text'
import { reportSkin } from './skin-api'
import { useModal } from './use-modal'

type Reason = 'skin' | 'name' | 'tags'
const REASONS: [Reason, MessageKey][] = [
  ['skin', 'pages.skin.community.reasons.skin'],
  ['name', 'pages.skin.community.reasons.name'],
  ['tags', 'pages.skin.community.reasons.tags'],
]

/** The 'Report' button and its dialog. */
export function ReportDialog({ uuid, ready }: { uuid: string; ready: boolean }) {
  const { t } = useI18n()
  const modal = useModal()
  const [reason, setReason] = useState<Reason>('skin')
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState<'' | 'reported' | 'already'>('')
  const [problem, setProblem] = useState('')

  const send = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setProblem('')
    try {
      await reportSkin(uuid, reason)
      setDone('reported')
      showSnackbar({ text: t('pages.skin.community.reported'), color: 'success' })
    } catch (error) {
      if (error instanceof ApiCallError && error.status === 409) setDone('already')
      else setProblem(errorText(error, t))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" className="button button--text button--small skin-community__report" aria-haspopup="dialog" disabled={!ready} onClick={modal.open}>
        <Icon path={mdiFlag} size={18} />
        {t('pages.skin.community.report')}
      </button>
      {modal.mounted && (
        <dialog ref={modal.ref} className="dialog skin-dialog" aria-labelledby="skin-report-title" onClose={modal.onClose}>
          <header className="dialog__header">
            <h2 id="skin-report-title">{t('pages.skin.community.reportTitle')}</h2>
            <button type="button" className="icon-button" aria-label={t('pages.skin.community.close')} onClick={modal.close}>
              <Icon path={mdiClose} />
            </button>
          </header>
          {done ? (
            <div className="skin-dialog__body">
              <p role="status" className="skin-dialog__done">
                {t(done === 'reported' ? 'pages.skin.community.reported' : 'pages.skin.community.alreadyReported')}
              </p>
              <div className="skin-dialog__actions">
                <button type="button" className="button button--primary" autoFocus onClick={modal.close}>
                  {t('pages.skin.community.close')}
                </button>
              </div>
            </div>
          ) : (
            <form className="skin-dialog__body" onSubmit={(event) => void send(event)}>
              <fieldset className="skin-dialog__reasons">
                <legend>{t('pages.skin.community.reportLead')}</legend>
                {REASONS.map(([value, label], index) => (
                  <label key={value} className="skin-dialog__reason">
                    <input type="radio" name="reason" value={value} checked={reason === value} data-autofocus={index === 0 ? '' : undefined} onChange={() => setReason(value)} />
                    {t(label)}
                  </label>
                ))}
              </fieldset>
              {problem && (
                <p className="field-hint field-hint--error" role="alert">
                  {problem}
                </p>
              )}
              <div className="skin-dialog__actions">
                <button type="button" className="button button--text" onClick={modal.close}>
                  {t('pages.skin.community.cancel')}
                </button>
                <button type="submit" className="button button--primary" disabled={busy}>
                  {busy ? t('pages.skin.community.checking') : t('pages.skin.community.reportSend')}
                </button>
              </div>
            </form>
          )}
        </dialog>
      )}
    </>
  )
}
