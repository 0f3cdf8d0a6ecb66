/**
 * The owner's edit dialog (reference/mineskin-api.md §1.7, §3.5 SkinMetaEditDialog): name
 * and visibility, sent as a JSON PATCH; below it 'Delete skin' with its own confirmation. When the
 * API's edit or delete window is over, the dialog says so instead of offering what would fail.
 * After a change the page reloads, so every part of it shows the new name; after a delete it loads
 * the same URL, which is now a 404.
 * @module
 */
import { mdiClose, mdiDelete } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useState, type FormEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { MessageKey } from '../../shared/i18n/translator'
import type { SkinUserResponse } from '../../shared/schemas/api'
import { SKIN_NAME, SKIN_NAME_MAX } from '../../shared/schemas/api/patterns'
import { $auth, hasGrant } from '../../shared/stores/auth'
import { Icon } from '../../shared/ui/icon'
import { errorText } from './error-text'
import { deleteSkin, updateSkin } from './skin-api'
import { useModal } from './use-modal'

type Visibility = 'public' | 'unlisted' | 'private'

/**
 * What the owner may do with the skin and why not (`GET /v2/skins/{uuid}/user`): only the fields the
 * dialogs read travel in the page.
 */
export type SkinUser = Pick<SkinUserResponse['user'], 'canEdit' | 'canDelete' | 'editReason' | 'deleteReason'>

const EDIT_REASON: Record<string, MessageKey> = {
  max_edits_reached: 'pages.skin.owner.reasons.maxEdits',
  edit_duration_expired: 'pages.skin.owner.reasons.editExpired',
}
const DELETE_REASON: Record<string, MessageKey> = { delete_duration_expired: 'pages.skin.owner.reasons.deleteExpired' }
const VISIBILITY: Record<Visibility, MessageKey> = {
  public: 'pages.skin.owner.public',
  unlisted: 'pages.skin.owner.unlisted',
  private: 'pages.skin.owner.private',
}

/** Props: the skin as the page shows it, and what the caller may do. */
export interface EditDialogProps {
  uuid: string
  name: string
  visibility: Visibility
  privateFlag: boolean
  user: SkinUser
  /** False until hydrated: the dialogs need JavaScript. */
  ready: boolean
}

/** The 'Edit' button with the edit and delete dialogs. */
export function EditDialog({ uuid, name, visibility, privateFlag, user, ready }: EditDialogProps) {
  const { t } = useI18n()
  // The server renders the signed-out state; the grant shows once the auth check has answered (no hydration mismatch).
  const auth = useStore($auth, { ssr: () => ({ status: 'unknown' as const }) })
  const edit = useModal()
  const confirm = useModal()
  const [draftName, setDraftName] = useState(name)
  const [draftVisibility, setDraftVisibility] = useState<Visibility>(visibility)
  const [problem, setProblem] = useState('')
  const [busy, setBusy] = useState(false)

  // Private needs the grant (reference §1.5); a skin that is private already keeps the choice.
  const canPrivate = visibility === 'private' || (privateFlag && hasGrant(auth, 'private_skins'))
  const nameProblem = draftName.trim().length > SKIN_NAME_MAX || !SKIN_NAME.test(draftName.trim()) ? t('pages.skin.owner.nameInvalid', { max: SKIN_NAME_MAX }) : ''

  const save = async (event: FormEvent) => {
    event.preventDefault()
    if (nameProblem) return setProblem(nameProblem)
    const body: { name?: string; visibility?: Visibility } = {}
    if (draftName.trim() !== name) body.name = draftName.trim()
    if (draftVisibility !== visibility) body.visibility = draftVisibility
    if (body.name === undefined && body.visibility === undefined) return edit.close()
    setBusy(true)
    setProblem('')
    try {
      await updateSkin(uuid, body)
      location.reload()
    } catch (error) {
      setProblem(errorText(error, t))
      setBusy(false)
    }
  }

  const remove = async () => {
    setBusy(true)
    try {
      await deleteSkin(uuid)
      location.assign(location.pathname)
    } catch (error) {
      confirm.close()
      setProblem(errorText(error, t))
      setBusy(false)
    }
  }

  return (
    <>
      <button type="button" className="button button--outlined button--small skin-owner__edit" aria-haspopup="dialog" disabled={!ready} onClick={edit.open}>
        {t('pages.skin.owner.edit')}
      </button>
      {edit.mounted && (
        <dialog ref={edit.ref} className="dialog skin-dialog" aria-labelledby="skin-edit-title" onClose={edit.onClose}>
          <header className="dialog__header">
            <h2 id="skin-edit-title">{t('pages.skin.owner.editTitle')}</h2>
            <button type="button" className="icon-button" aria-label={t('pages.skin.owner.close')} onClick={edit.close}>
              <Icon path={mdiClose} />
            </button>
          </header>
          <form className="skin-dialog__body" onSubmit={(event) => void save(event)} noValidate>
            {!user.canEdit && (
              <p className="notice" role="note">
                {t(EDIT_REASON[user.editReason ?? ''] ?? 'pages.skin.owner.reasons.editDenied')}
              </p>
            )}
            <div className="field skin-dialog__field">
              <label htmlFor="skin-edit-name">{t('pages.skin.owner.name')}</label>
              <input
                id="skin-edit-name"
              data-autofocus=""
                className={`text-input${nameProblem ? ' is-invalid' : ''}`}
                name="name"
                value={draftName}
                maxLength={SKIN_NAME_MAX}
                autoComplete="off"
                disabled={!user.canEdit}
                aria-invalid={nameProblem ? true : undefined}
                aria-describedby="skin-edit-name-hint"
                onChange={(event) => setDraftName(event.target.value)}
              />
              <small id="skin-edit-name-hint" className={`field-hint field-hint--${nameProblem ? 'error' : 'muted'}`}>
                {nameProblem || t('pages.skin.owner.nameHint', { max: SKIN_NAME_MAX })}
              </small>
            </div>
            <div className="field skin-dialog__field">
              <label htmlFor="skin-edit-visibility">{t('pages.skin.owner.visibility')}</label>
              <select id="skin-edit-visibility" className="select" name="visibility" value={draftVisibility} disabled={!user.canEdit} onChange={(event) => setDraftVisibility(event.target.value as Visibility)}>
                {(Object.keys(VISIBILITY) as Visibility[])
                  .filter((v) => v !== 'private' || canPrivate)
                  .map((v) => (
                    <option key={v} value={v}>
                      {t(VISIBILITY[v])}
                    </option>
                  ))}
              </select>
              {!canPrivate && privateFlag && <small className="field-hint field-hint--muted">{t('pages.skin.owner.privateNeedsGrant')}</small>}
            </div>
            {problem && (
              <p className="field-hint field-hint--error" role="alert">
                {problem}
              </p>
            )}
            <div className="skin-dialog__actions">
              <button type="button" className="button button--text" onClick={edit.close}>
                {t('pages.skin.owner.cancel')}
              </button>
              <button type="submit" className="button button--primary" disabled={!user.canEdit || busy}>
                {t('pages.skin.owner.save')}
              </button>
            </div>
            <div className="skin-dialog__danger">
              {user.canDelete ? (
                <button type="button" className="button button--text skin-owner__delete" aria-haspopup="dialog" onClick={confirm.open}>
                  <Icon path={mdiDelete} size={18} />
                  {t('pages.skin.owner.delete')}
                </button>
              ) : (
                <p className="skin-dialog__note">{t(DELETE_REASON[user.deleteReason ?? ''] ?? 'pages.skin.owner.reasons.deleteDenied')}</p>
              )}
            </div>
          </form>
        </dialog>
      )}
      {confirm.mounted && (
        <dialog ref={confirm.ref} className="dialog skin-dialog" role="alertdialog" aria-labelledby="skin-delete-title" aria-describedby="skin-delete-text" onClose={confirm.onClose}>
          <header className="dialog__header">
            <h2 id="skin-delete-title">{t('pages.skin.owner.deleteTitle')}</h2>
          </header>
          <div className="skin-dialog__body">
            <p id="skin-delete-text">{t('pages.skin.owner.deleteText', { name: name || uuid.slice(0, 8) })}</p>
            <div className="skin-dialog__actions">
              <button type="button" className="button button--text" data-autofocus="" onClick={confirm.close}>
                {t('pages.skin.owner.cancel')}
              </button>
              <button type="button" className="button button--primary skin-dialog__destroy" disabled={busy} onClick={() => void remove()}>
                {t('pages.skin.owner.deleteConfirm')}
              </button>
            </div>
          </div>
        </dialog>
      )}
    </>
  )
}
