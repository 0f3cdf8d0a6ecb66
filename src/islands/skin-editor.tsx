/**
 * The skin editor island (`/editor`, the skin editor contract part C). Its server render is an empty
 * box: the page's own shell says what is coming (src/server/pages/editor-page.tsx), and none of the
 * editor's strings weigh on the page (HTML ≤ 30 KB in every language). Once hydrated it fetches its
 * strings (`editor/editor-strings.ts`), then shows the editor (`editor/editor-app.tsx`), which removes
 * the shell's loading line. The 3D view loads later still, as its own chunk.
 * @module
 */
import { useEffect, useState } from 'react'
import { I18nProvider, type I18nValue } from '../shared/i18n/context'
import { EditorApp } from './editor/editor-app'
import { loadEditorStrings } from './editor/editor-strings'
import type { SkinEditorProps } from './editor/props'

/** Tries to fetch the strings again after a failure: after 1, 2 and 4 seconds. */
const RETRIES_MS = [1000, 2000, 4000]

/** The island. */
export default function SkinEditor(props: SkinEditorProps) {
  const [i18n, setI18n] = useState<I18nValue | null>(null)
  useEffect(() => {
    let alive = true
    const attempt = (tries: number) =>
      loadEditorStrings().then(
        (value) => alive && setI18n(value),
        (error: unknown) => {
          const wait = RETRIES_MS[tries]
          if (wait === undefined || !alive) return console.warn('[editor] strings', error)
          setTimeout(() => attempt(tries + 1), wait)
        },
      )
    void attempt(0)
    return () => {
      alive = false
    }
  }, [])
  if (!i18n) return <div className="editor editor--loading" aria-busy="true" />
  return (
    <I18nProvider value={i18n}>
      <EditorApp {...props} />
    </I18nProvider>
  )
}
