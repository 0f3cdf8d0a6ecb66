/**
 * Upload mode of the generate form (SPEC §2 Generate; reference/mineskin-api.md §3.3): a drop zone
 * with a file picker for several PNGs at once, and a preview of each picked file with what is wrong
 * with it, if anything. Dropping anywhere on the form and pasting are handled by the form itself.
 * Without JavaScript it is the plain file input of the form post.
 * @module
 */
import { mdiClose, mdiUpload } from '@mdi/js'
import { useStore } from '@nanostores/react'
import { useId } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { Translate } from '../../shared/i18n/translator'
import { MAX_SKIN_BYTES, type SkinFileProblem } from '../../shared/skin/skin-file'
import { $uploadFiles } from '../../shared/stores/generate-form'
import { Icon } from '../../shared/ui/icon'
import { addUploadFiles, removeUploadFiles } from './upload-files'

/** The visitor-language text of a file problem. */
export function fileProblemText(problem: SkinFileProblem, t: Translate): string {
  if (problem.code === 'too_large') return t('generate.fileTooLarge', { size: problem.size, max: MAX_SKIN_BYTES })
  if (problem.code === 'bad_size') return t('generate.fileBadSize', { width: problem.width, height: problem.height })
  return t('generate.fileNotPng')
}

/** The upload field; `interactive` is false on the server and before hydration. */
export function UploadField({ interactive }: { interactive: boolean }) {
  const { t } = useI18n()
  const id = useId()
  const files = useStore($uploadFiles, { ssr: () => [] })
  return (
    <div className="upload-field">
      <label className={interactive ? 'drop-zone' : 'drop-zone drop-zone--plain'} htmlFor={id}>
        <Icon path={mdiUpload} size={28} />
        <span className="drop-zone__title">{interactive ? t('generate.dropHere') : t('generate.chooseFiles')}</span>
        {interactive && <span className="button button--outlined button--small">{t('generate.chooseFiles')}</span>}
        {interactive && <span className="drop-zone__hint">{t('generate.pasteHint')}</span>}
      </label>
      <input
        id={id}
        className={interactive ? 'visually-hidden' : 'file-input'}
        type="file"
        name="file"
        accept="image/png,.png"
        multiple={interactive}
        onChange={(event) => {
          addUploadFiles(event.target.files ?? [])
          // The picked files now live in the store; an emptied input lets the same file be picked again.
          event.target.value = ''
        }}
      />
      {files.length > 0 && (
        <ul className="file-previews" role="list">
          {files.map((file) => {
            const problem = file.problem ? fileProblemText(file.problem, t) : file.error
            return (
              <li key={file.key} className={problem ? 'file-preview is-invalid' : 'file-preview'}>
                <img className="file-preview__image" src={file.preview} alt="" width={64} height={64} />
                <span className="file-preview__name" title={file.file.name}>
                  {file.file.name}
                </span>
                {problem && <span className="file-preview__problem">{problem}</span>}
                <button type="button" className="icon-button icon-button--small file-preview__remove" aria-label={t('generate.removeFile', { name: file.file.name })} onClick={() => removeUploadFiles([file.key])}>
                  <Icon path={mdiClose} size={18} />
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
