/**
 * The shortcut help: a modal dialog listing every key of `shortcuts.ts`, opened by the tool bar's
 * keyboard button or `?`.
 * @module
 */
import { mdiClose } from '@mdi/js'
import { forwardRef, useImperativeHandle } from 'react'
import { useI18n } from '../../shared/i18n/context'
import { Icon } from '../../shared/ui/icon'
import { useModal } from '../skin/use-modal'
import { SHORTCUT_LABEL } from './editor-labels'
import { SHORTCUTS } from './shortcuts'

/** Opens the dialog. */
export interface HelpDialogHandle {
  open(): void
}

/** The dialog (rendered from its first opening on). */
export const HelpDialog = forwardRef<HelpDialogHandle>(function HelpDialog(_props, ref) {
  const { t } = useI18n()
  const modal = useModal()
  useImperativeHandle(ref, () => ({ open: modal.open }), [modal.open])
  if (!modal.mounted) return null
  return (
    <dialog ref={modal.ref} className="dialog editor-help" aria-labelledby="editor-help-title" onClose={modal.onClose}>
      <header className="dialog__header">
        <h2 id="editor-help-title">{t('editor.help.title')}</h2>
        <button type="button" className="icon-button" aria-label={t('editor.help.close')} onClick={modal.close} data-autofocus="">
          <Icon path={mdiClose} />
        </button>
      </header>
      <p className="field-hint field-hint--muted">{t('editor.help.intro')}</p>
      <table className="editor-help__table">
        <thead>
          <tr>
            <th scope="col">{t('editor.help.keys')}</th>
            <th scope="col">{t('editor.help.action')}</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map((line) => (
            <tr key={line.label}>
              <td>
                {line.keys.map((key, index) => (
                  <span key={key}>
                    {index > 0 && <span className="editor-help__or"> {t('editor.help.or')} </span>}
                    <kbd className="editor-kbd">{key}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(SHORTCUT_LABEL[line.label])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </dialog>
  )
})
