/**
 * "Open or start new": a blank classic or slim skin, a PNG file, a player's current skin or an image
 * URL. Whatever is open now stays in the drafts. Dropping or pasting a PNG anywhere on the editor does
 * the same as the file button (the island handles those).
 * @module
 */
import { mdiAccountOutline, mdiFilePlusOutline, mdiFolderOpenOutline, mdiLink } from '@mdi/js'
import { useId, useState, type FormEvent } from 'react'
import { useI18n } from '../../shared/i18n/context'
import type { Model } from '../../shared/skin-editor/texture'
import { Icon } from '../../shared/ui/icon'

/** Props of {@link OpenPanel}. */
export interface OpenPanelProps {
  /** A source is being opened. */
  busy: boolean
  onNew(model: Model): void
  onFile(file: File): void
  onPlayer(name: string): void
  onUrl(url: string): void
}

/** The panel. */
export function OpenPanel({ busy, onNew, onFile, onPlayer, onUrl }: OpenPanelProps) {
  const { t } = useI18n()
  const id = useId()
  const [player, setPlayer] = useState('')
  const [url, setUrl] = useState('')
  const submit = (event: FormEvent, value: string, send: (value: string) => void) => {
    event.preventDefault()
    if (value.trim() && !busy) send(value.trim())
  }
  return (
    <div className="editor-open">
      <div className="editor-open__row">
        <button type="button" className="button button--outlined button--small" disabled={busy} onClick={() => onNew('classic')} data-action="new-classic">
          <Icon path={mdiFilePlusOutline} size={18} />
          {t('editor.open.newClassic')}
        </button>
        <button type="button" className="button button--outlined button--small" disabled={busy} onClick={() => onNew('slim')} data-action="new-slim">
          <Icon path={mdiFilePlusOutline} size={18} />
          {t('editor.open.newSlim')}
        </button>
      </div>
      <div className="editor-open__file">
        <input
          id={`${id}-file`}
          className="editor-open__file-input"
          type="file"
          accept="image/png"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            if (file) onFile(file)
            event.target.value = ''
          }}
        />
        <label htmlFor={`${id}-file`} className="button button--outlined button--small editor-open__file-button">
          <Icon path={mdiFolderOpenOutline} size={18} />
          {t('editor.open.file')}
        </label>
        <p className="field-hint field-hint--muted">{t('editor.open.fileHint')}</p>
      </div>
      <form className="editor-open__form" onSubmit={(event) => submit(event, player, onPlayer)}>
        <div className="field">
          <label htmlFor={`${id}-player`}>{t('editor.open.player')}</label>
          <div className="editor-open__inline">
            <input id={`${id}-player`} className="text-input" value={player} onChange={(event) => setPlayer(event.target.value)} maxLength={36} autoComplete="off" spellCheck={false} placeholder="Notch" />
            <button type="submit" className="button button--outlined button--small" disabled={busy || !player.trim()}>
              <Icon path={mdiAccountOutline} size={18} />
              {t('editor.open.playerSubmit')}
            </button>
          </div>
        </div>
      </form>
      <form className="editor-open__form" onSubmit={(event) => submit(event, url, onUrl)}>
        <div className="field">
          <label htmlFor={`${id}-url`}>{t('editor.open.url')}</label>
          <div className="editor-open__inline">
            <input id={`${id}-url`} className="text-input" type="url" value={url} onChange={(event) => setUrl(event.target.value)} autoComplete="off" spellCheck={false} placeholder="https://…/skin.png" />
            <button type="submit" className="button button--outlined button--small" disabled={busy || !url.trim()}>
              <Icon path={mdiLink} size={18} />
              {t('editor.open.urlSubmit')}
            </button>
          </div>
        </div>
      </form>
      <p className="field-hint field-hint--muted">{t('editor.open.keepsDraft')}</p>
    </div>
  )
}
